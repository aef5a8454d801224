import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useTimeline } from '../notes.api.ts';
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
): string {
  const who = event.actor?.name ?? t('someone');
  if (event.action === 'stage') {
    const [from, to] = event.changes.stage ?? [];
    return t('timeline.stage', { who, from: valueLabel('stage', from), to: valueLabel('stage', to) });
  }
  if (event.action === 'update') {
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
  if (event.action === 'lineLink') return t('timeline.lineLink', { who, friend: String(event.changes.lineLink?.[1] ?? '') });
  if (event.action === 'businessCard') {
    // changes.businessCard: [null, 'name · phone · e-mail · message'] written by cards (a visitor exchanged cards).
    const [, what] = event.changes.businessCard ?? [];
    return t('timeline.businessCard', { what: String(what ?? '') });
  }
  return t(`timeline.${event.action}`, { who });
}

/** The timeline: the automatic log of what happened to a record (written by the server, never by users). */
export function TimelinePanel({ orgId, entityType, entityId, fieldLabel, valueLabel, initialTimeline }: Omit<RecordActivityProps, 'canWrite'>) {
  const { t } = useTranslation('notes');
  const timeline = useTimeline(orgId, entityType, entityId, initialTimeline);
  if (timeline.isLoading) return <LoadingState />;
  if (timeline.isError) return <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />;
  if (!timeline.data || timeline.data.length === 0) return <Typography.Paragraph type="secondary">{t('timeline.empty')}</Typography.Paragraph>;
  return (
    <Timeline
      className="record-timeline"
      items={timeline.data.map((event) => ({
        key: event.id,
        content: (
          <>
            <div>{describe(event, t, fieldLabel, valueLabel)}</div>
            <Typography.Text type="secondary" className="timeline-when">
              {formatDateTime(event.createdAt)}
            </Typography.Text>
          </>
        ),
      }))}
    />
  );
}
