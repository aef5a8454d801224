import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordSummary, SummaryEntityType, SummarySchedule } from '@lodestar/contract';
import { formatCount, formatMoney } from '../../../../shared/format/money.ts';
import { formatDate, formatDateTime } from '../../../../shared/format/when.ts';
import { useRecordSummary } from '../notes.api.ts';
import { RecordMoreSections } from './record-more-sections.tsx';

interface StoryProps {
  orgId: string;
  entityType: SummaryEntityType;
  entityId: string;
}

/** Whole days from an instant to now (0 today), by local calendar days. */
function daysSince(iso: string, now = new Date()): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((day(now) - day(new Date(iso))) / 86_400_000));
}

const calendarDay = (orgId: string, startsAt: string) => `/${orgId}/calendar/day/${formatDate(startsAt).replaceAll('-', '/')}`;
const scheduleWhen = (schedule: SummarySchedule) => (schedule.fullDay ? formatDate(schedule.startsAt) : formatDateTime(schedule.startsAt));

function Figure({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="record-figure" data-testid={testId}>
      <div className="record-figure__label">{label}</div>
      <div className="record-figure__value">{value}</div>
      <div className="record-figure__detail">{detail}</div>
    </div>
  );
}

/**
 * The key figures at the top of a contact's, company's or deal's page: open pipeline, won to date, last contact
 * (and days since), next schedule. A figure the viewer may not see (no deal privilege) is left out.
 */
export function RecordFigures({ orgId, entityType, entityId }: StoryProps) {
  const { t } = useTranslation('notes');
  const summary = useRecordSummary(orgId, entityType, entityId);
  const figures = summary.data?.figures;
  if (!figures) return <div className="record-figures record-figures--loading" aria-busy={summary.isLoading} />;
  const last = figures.lastContactAt;
  const next = figures.nextSchedule;
  return (
    <section className="record-figures" aria-label={t('story.figures')}>
      {figures.openAmount !== null ? (
        <Figure testId="figure-open" label={t('story.openPipeline')} value={formatMoney(figures.openAmount)} detail={t('story.openDeals', { count: figures.openCount ?? 0, n: formatCount(figures.openCount ?? 0) })} />
      ) : null}
      {figures.wonAmount !== null ? (
        <Figure testId="figure-won" label={t('story.wonToDate')} value={formatMoney(figures.wonAmount)} detail={t('story.wonDeals', { count: figures.wonCount ?? 0, n: formatCount(figures.wonCount ?? 0) })} />
      ) : null}
      <Figure
        testId="figure-last-contact"
        label={t('story.lastContact')}
        value={last ? formatDate(last) : t('story.never')}
        detail={last ? t('story.daysSince', { count: daysSince(last) }) : t('story.noContactYet')}
      />
      <Figure testId="figure-next-schedule" label={t('story.nextSchedule')} value={next ? scheduleWhen(next) : t('story.nothingPlanned')} detail={next?.title ?? ''} />
    </section>
  );
}

function ScheduleItem({ orgId, schedule }: { orgId: string; schedule: SummarySchedule }) {
  const { t } = useTranslation('notes');
  return (
    <List.Item className="story-row">
      <div className="story-row__main">
        <Link to={calendarDay(orgId, schedule.startsAt)}>{schedule.title}</Link>
        <span className="muted">
          {scheduleWhen(schedule)} · {schedule.owner}
          {schedule.repeats ? ` · ${t('story.repeats')}` : ''}
        </span>
      </div>
      <div className="story-row__side">
        {schedule.activityItems.map((item) => (
          <Tag key={item.name}>{t('story.itemPoints', { name: item.name, count: item.point })}</Tag>
        ))}
        {schedule.completed ? <Tag className="story-status story-status--closed">{t('story.completed')}</Tag> : null}
      </div>
    </List.Item>
  );
}

function DealsCard({ orgId, deals }: { orgId: string; deals: NonNullable<RecordSummary['deals']> }) {
  const { t } = useTranslation('notes');
  return (
    <Card
      size="small"
      className="story-card"
      data-testid="story-deals"
      title={<Typography.Title level={2} className="side-title">{t('story.deals', { count: deals.total })}</Typography.Title>}
      extra={<span className="muted">{t('story.dealTotals', { open: formatMoney(deals.openAmount), won: formatMoney(deals.wonAmount) })}</span>}
    >
      <List
        size="small"
        dataSource={deals.items}
        locale={{ emptyText: t('story.noDeals') }}
        renderItem={(deal) => (
          <List.Item className="story-row">
            <div className="story-row__main">
              <Link to={`/${orgId}/deal/detail/${deal.id}`}>{deal.name}</Link>
              <span className="muted">{t('story.expectedClose', { date: deal.estimatedEndDate })}</span>
            </div>
            <div className="story-row__side">
              <Tag className={`story-status story-status--${deal.status}`}>{deal.status === 'developing' ? deal.stageName : t(`story.status.${deal.status}`)}</Tag>
              <span className="story-amount">{formatMoney(deal.amount)}</span>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

function SchedulesCard({ orgId, schedules }: { orgId: string; schedules: NonNullable<RecordSummary['schedules']> }) {
  const { t } = useTranslation('notes');
  const group = (title: string, items: SummarySchedule[], empty: string) => (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={items}
      locale={{ emptyText: empty }}
      renderItem={(schedule) => <ScheduleItem orgId={orgId} schedule={schedule} />}
    />
  );
  return (
    <Card
      size="small"
      className="story-card"
      data-testid="story-schedules"
      title={<Typography.Title level={2} className="side-title">{t('story.schedules')}</Typography.Title>}
      extra={<span className="muted">{t('story.pastPoints', { count: schedules.pastPoints })}</span>}
    >
      {group(t('story.upcoming', { count: schedules.upcoming.length }), schedules.upcoming, t('story.noUpcoming'))}
      {group(t('story.past', { count: schedules.pastTotal }), schedules.past, t('story.noPast'))}
    </Card>
  );
}

/**
 * The sections around the record, all from the one summary call: its deals (with open and won totals), its
 * upcoming and past schedules, then what other contexts add (bookings, card exchanges, files, imports).
 */
export function RecordSections({ orgId, entityType, entityId }: StoryProps) {
  const summary = useRecordSummary(orgId, entityType, entityId);
  const data = summary.data;
  if (!data) return null;
  return (
    <div className="story-sections">
      {data.deals ? <DealsCard orgId={orgId} deals={data.deals} /> : null}
      {data.schedules ? <SchedulesCard orgId={orgId} schedules={data.schedules} /> : null}
      <RecordMoreSections orgId={orgId} summary={data} />
    </div>
  );
}
