import { useEffect, useRef, useState } from 'react';
import { Button, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lostStageId, timelineKinds, wonStageId, type TimelineEntry, type TimelineEvent, type TimelineKind } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useTimelinePages } from '../notes.api.ts';
import type { RecordActivityProps } from './record-activity-props.ts';

/** Stored column names in the timeline → the form's field names. */
const fieldAliases: Record<string, string> = {
  avatarFileId: 'avatar',
  companyId: 'company',
  clientId: 'client',
  ownerUserId: 'owner',
  tagIds: 'tags',
  isImportant: 'important',
};

function describe(
  event: TimelineEvent,
  t: (key: string, options?: Record<string, unknown>) => string,
  fieldLabel: (field: string) => string,
  valueLabel: (field: string, value: unknown) => string = (_field, value) => String(value ?? ''),
  related = false,
): string {
  const who = event.actor?.name ?? t('someone');
  // Imports mark their entries (imports' chunk-writer.ts): what a file created or changed, not field by field.
  if (event.changes.import && (event.action === 'create' || event.action === 'update')) return t(`timeline.import_${event.action}`, { who });
  if (event.action === 'stage') {
    const [from, to] = event.changes.stage ?? [];
    return t('timeline.stage', { who, from: valueLabel('stage', from), to: valueLabel('stage', to) });
  }
  if (event.action === 'update') {
    // A related deal's or schedule's fields are not this record's: their names would read wrong here.
    if (related) return t('timeline.updateRelated', { who });
    const fields = Object.keys(event.changes).map((field) => fieldLabel(fieldAliases[field] ?? field)).join(', ');
    return t('timeline.update', { who, fields });
  }
  if (event.action === 'transfer') {
    const after = event.changes.owner?.[1];
    const to = after && typeof after === 'object' && 'name' in after ? String((after as { name: unknown }).name) : typeof after === 'string' ? after : '';
    return t('timeline.transfer', { who, to });
  }
  if (event.action === 'reservation') {
    // changes.reservation: [previous status or null, 'YYYY-MM-DD HH:MM services (status)'] written by reservations.
    const [, what] = event.changes.reservation ?? [];
    return t('timeline.reservation', { who, what: String(what ?? '') });
  }
  if (event.action === 'lineMessage') {
    // changes.lineMessage: [direction 'in' | 'out', text or null], changes.kind: [null, sticker | image | …] when not text,
    // changes.from: [null, the LINE friend's name] (channels/line).
    const [direction, what] = event.changes.lineMessage ?? [];
    const from = event.changes.from?.[1];
    const kind = event.changes.kind?.[1];
    const text = typeof kind === 'string' ? t(`timeline.lineKinds.${kind}`) : String(what ?? '');
    return t(direction === 'out' ? 'timeline.lineMessage_out' : 'timeline.lineMessage_in', { who: direction === 'out' ? who : String(from ?? who), what: text });
  }
  if (event.action === 'lineLink') {
    // changes.lineLink: [null, friend] when linked, [friend, null] when unlinked.
    const [before, after] = event.changes.lineLink ?? [];
    return after ? t('timeline.lineLink', { who, friend: String(after) }) : t('timeline.lineUnlink', { who, friend: String(before ?? '') });
  }
  if (event.action === 'email') {
    // changes.direction: [null, 'in' | 'out'] written by mail (a stored e-mail); its subject is the entry's recordName.
    return event.changes.direction?.[1] === 'out' ? t('timeline.email_out', { who }) : t('timeline.email_in');
  }
  if (event.action === 'businessCard') {
    // changes.businessCard: [null, 'name · phone · e-mail · message'] written by cards (a visitor exchanged cards).
    const [, what] = event.changes.businessCard ?? [];
    return t('timeline.businessCard', { what: String(what ?? '') });
  }
  if (event.action === 'quote') {
    // changes.quote: [null, 'Q-00042 v2'] and changes.step: [null, created | sent | viewed | accepted | declined] (deals/quotes).
    const number = String(event.changes.quote?.[1] ?? '');
    return t(`timeline.quote_${String(event.changes.step?.[1] ?? 'created')}`, { who, number });
  }
  return t(`timeline.${event.action}`, { who });
}

/** Where an entry about a related record leads: the deal's page, or the calendar's day of the schedule. */
function relatedPath(orgId: string, entry: TimelineEntry): string | null {
  if (entry.entityType === 'deal') return `/${orgId}/deal/detail/${entry.entityId}`;
  if (entry.entityType === 'schedule') return `/${orgId}/calendar/day/${entry.createdAt.slice(0, 10).replaceAll('-', '/')}`;
  return null;
}

/**
 * The timeline: the automatic log of what happened to a record, merged with its deals' and schedules' (written
 * by the server, never by users). Filters by kind; the next page loads when the end of the list scrolls into view
 * (or with the "more" button, for keyboards and screen readers).
 */
export function TimelinePanel({ orgId, entityType, entityId, fieldLabel, valueLabel }: Omit<RecordActivityProps, 'canWrite'>) {
  const { t } = useTranslation('notes');
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const timeline = useTimelinePages(orgId, entityType, entityId, kinds);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = timeline;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const toggle = (kind: TimelineKind) => setKinds((shown) => (shown.includes(kind) ? shown.filter((k) => k !== kind) : [...shown, kind]));
  const entries = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  const valueNames = timeline.data?.pages[0]?.valueNames ?? {};
  // A related deal's stage: its title from the answer, won and lost in this page's words.
  const relatedValue = (field: string, value: unknown): string => {
    if (field === 'stage' && value === wonStageId) return t('timeline.won');
    if (field === 'stage' && value === lostStageId) return t('timeline.lost');
    return valueNames[field]?.[String(value)] ?? (valueLabel ? valueLabel(field, value) : String(value ?? ''));
  };
  return (
    <>
      <div className="timeline-filters" role="group" aria-label={t('timeline.filterLabel')}>
        <Button size="small" shape="round" type={kinds.length === 0 ? 'primary' : 'default'} aria-pressed={kinds.length === 0} onClick={() => setKinds([])}>
          {t('timeline.kinds.all')}
        </Button>
        {timelineKinds.map((kind) => (
          <Button key={kind} size="small" shape="round" type={kinds.includes(kind) ? 'primary' : 'default'} aria-pressed={kinds.includes(kind)} onClick={() => toggle(kind)}>
            {t(`timeline.kinds.${kind}`)}
          </Button>
        ))}
      </div>
      {timeline.isLoading ? <LoadingState /> : null}
      {timeline.isError ? <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} /> : null}
      {timeline.isSuccess && entries.length === 0 ? <Typography.Paragraph type="secondary">{t(kinds.length > 0 ? 'timeline.emptyFiltered' : 'timeline.empty')}</Typography.Paragraph> : null}
      {entries.length > 0 ? (
        <Timeline
          className="record-timeline"
          items={entries.map((entry) => {
            const path = relatedPath(orgId, entry);
            return {
              key: entry.id,
              content: (
                <>
                  {path ? (
                    <Link className="timeline-record" to={path}>
                      {t(`timeline.about.${entry.entityType}`, { name: entry.recordName ?? '' })}
                    </Link>
                  ) : entry.entityType === 'email' ? (
                    <Typography.Text strong className="timeline-record">
                      {t('timeline.about.email', { name: entry.recordName ?? '' })}
                    </Typography.Text>
                  ) : null}
                  <div>{describe(entry, t, fieldLabel, path ? relatedValue : valueLabel, path !== null)}</div>
                  <Typography.Text type="secondary" className="timeline-when">
                    {formatDateTime(entry.createdAt)}
                  </Typography.Text>
                </>
              ),
            };
          })}
        />
      ) : null}
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage ? (
        <Button block loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {t('timeline.more')}
        </Button>
      ) : null}
    </>
  );
}
