import '../dashboard.css';
import type { ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { monthRange, type DealRow } from '@lodestar/contract';
import { todayIso } from '../../../../shared/format/dates.ts';
import { formatCount, formatTotal } from '../../../../shared/format/money.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ItemList, ItemMeta } from '../../../../shared/ui/item-list.tsx';
import { PanelCard } from '../../../../shared/ui/panel-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { dashboardDealFilters, useAnyContact, useDashboardDeals, useMyTargets, useReminders, useTodaySchedules } from '../dashboard.api.ts';

type QueryLike = { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };

function DashboardCard({ title, extra, query, testId, children }: { title: string; extra?: ReactNode; query: QueryLike; testId: string; children: ReactNode }) {
  return (
    <PanelCard testId={testId} className="dashboard-card" title={<h2 className="card-title">{title}</h2>} extra={extra}>
      {query.isLoading ? <LoadingState /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : children}
    </PanelCard>
  );
}

const dealListPath = (orgId: string, query: Record<string, string>) => `/${orgId}/deal/list?${new URLSearchParams({ view: 'list', ...query }).toString()}`;

function DealCard({ orgId, kind, title, query, empty, detail }: { orgId: string; kind: string; title: string; query: Record<string, string>; empty: string; detail: (deal: DealRow) => ReactNode }) {
  const { t } = useTranslation('dashboard');
  const deals = useDashboardDeals(orgId, kind, query, true);
  const total = deals.data?.total ?? 0;
  return (
    <DashboardCard
      testId={`dashboard-${kind}`}
      title={title}
      query={deals}
      extra={total > 0 ? <Link to={dealListPath(orgId, query)}>{t('seeAll', { count: total, formatted: formatCount(total) })}</Link> : null}
    >
      {deals.data && deals.data.items.length === 0 ? (
        <span className="text-secondary">{empty}</span>
      ) : (
        <ItemList
          size="small"
          items={deals.data?.items ?? []}
          itemKey={(deal) => deal.id}
          renderItem={(deal) => (
            <ItemMeta title={<Link to={`/${orgId}/deal/detail/${deal.id}`}>{deal.title}</Link>} description={detail(deal)} extra={<strong>{formatTotal(deal.amount)}</strong>} />
          )}
        />
      )}
    </DashboardCard>
  );
}

function TodayCard({ orgId, today }: { orgId: string; today: string }) {
  const { t } = useTranslation('dashboard');
  const schedules = useTodaySchedules(orgId, today, true);
  const reminders = useReminders(orgId, true);
  const [year, month, day] = today.split('-');
  const events = schedules.data?.items ?? [];
  const upcoming = (reminders.data?.items ?? []).slice(0, 5);
  return (
    <DashboardCard
      testId="dashboard-today"
      title={t('today.title')}
      query={schedules}
      extra={<Link to={`/${orgId}/calendar/day/${year}/${month}/${day}`}>{t('today.openCalendar')}</Link>}
    >
      {events.length === 0 ? (
        <span className="text-secondary">{t('today.empty')}</span>
      ) : (
        <ItemList
          size="small"
          items={events}
          itemKey={(event) => event.id}
          renderItem={(event) => (
            <span className="inline-row">
              <span className="dashboard-dot" style={{ background: event.color }} aria-hidden="true" />
              <span className="text-secondary dashboard-time">{event.allDay ? t('today.allDay') : event.startTime}</span>
              {event.completed ? <del>{event.title}</del> : <span>{event.title}</span>}
            </span>
          )}
        />
      )}
      {upcoming.length > 0 ? (
        <>
          <h3 className="dashboard-subtitle">{t('today.reminders')}</h3>
          <ItemList
            size="small"
            items={upcoming}
            itemKey={(reminder) => reminder.key}
            renderItem={(reminder) => (
              <span className="inline-row">
                <Tag>{`${reminder.date} ${reminder.startTime ?? ''}`.trim()}</Tag>
                {reminder.title}
              </span>
            )}
          />
        </>
      ) : null}
    </DashboardCard>
  );
}

function SalesCard({ orgId, today, userId }: { orgId: string; today: string; userId: string }) {
  const { t } = useTranslation('dashboard');
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const targets = useMyTargets(orgId, year, true);
  const item = targets.data?.items.find((row) => row.month === month);
  const won = item?.achieved ?? '0.00';
  const target = item?.target ?? '0.00';
  const percent = Number(target) > 0 ? Math.round((Number(won) / Number(target)) * 1000) / 10 : null;
  const range = monthRange(year, month);
  const wonLink = dealListPath(orgId, { owner: userId, status: 'closed', completedFrom: range.from, completedTo: range.to });
  return (
    <DashboardCard testId="dashboard-sales" title={t('sales.title')} query={targets} extra={<Link to={`/${orgId}/targets`}>{t('sales.targets')}</Link>}>
      <div className="dashboard-sales">
        <Link to={wonLink} data-testid="dashboard-sales-won" className="dashboard-sales__won">
          {formatTotal(won)}
        </Link>
        <span className="text-secondary">{Number(target) > 0 ? t('sales.ofTarget', { target: formatTotal(target) }) : t('sales.noTarget')}</span>
        {percent !== null ? (
          <div className="dashboard-progress" role="progressbar" aria-label={t('sales.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, percent)} aria-valuetext={`${percent}%`}>
            <span className="dashboard-progress__track">
              <span className={`dashboard-progress__bar${percent >= 100 ? ' dashboard-progress__bar--done' : ''}`} style={{ width: `${Math.min(100, percent)}%` }} />
            </span>
            <span className="dashboard-progress__text">{`${percent}%`}</span>
          </div>
        ) : null}
      </div>
    </DashboardCard>
  );
}

/** A new workspace's dashboard explains itself and leads to the first actions. */
function GettingStarted({ orgId }: { orgId: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <PanelCard testId="dashboard-getting-started" title={<h2 className="card-title">{t('start.title')}</h2>}>
      <EmptyState
        description={t('start.text')}
        action={
          <span className="inline-row">
            <Link to={`/${orgId}/contact/list`}>
              <Button>{t('start.contacts')}</Button>
            </Link>
            <Link to={`/${orgId}/deal/list`}>
              <Button type="primary">{t('start.deals')}</Button>
            </Link>
            <Link to={`/${orgId}/targets`}>
              <Button>{t('start.targets')}</Button>
            </Link>
          </span>
        }
      />
    </PanelCard>
  );
}

/**
 * The home page's morning view (docs/product.md#home): today's schedules and reminders, this month's sales against
 * the caller's target, stalled deals, deals expected to close this month. Each card links to its records.
 */
export function DashboardCards({ orgId, userId }: { orgId: string; userId: string }) {
  const { t } = useTranslation('dashboard');
  const { can } = usePermissions(orgId);
  const today = todayIso();
  const filters = dashboardDealFilters(today);
  const canDeals = can('opportunity', 'view');
  const anyDeal = useDashboardDeals(orgId, 'any', {}, canDeals);
  const noDeal = canDeals && anyDeal.data?.total === 0;
  // A workspace with contacts but no deal yet has records: the welcome is for a workspace with neither.
  const canContacts = can('contact', 'view');
  const anyContact = useAnyContact(orgId, noDeal && canContacts);
  const isEmpty = noDeal && (!canContacts || anyContact.data?.total === 0);
  return (
    <>
      {isEmpty ? <GettingStarted orgId={orgId} /> : null}
      <div className="dashboard-grid">
        {can('calendar', 'view') ? <TodayCard orgId={orgId} today={today} /> : null}
        {canDeals ? <SalesCard orgId={orgId} today={today} userId={userId} /> : null}
        {canDeals ? (
          <DealCard
            orgId={orgId}
            kind="stalled"
            title={t('stalled.title')}
            query={filters.stalled}
            empty={t('stalled.empty')}
            detail={(deal) => t('stalled.days', { count: deal.stalledDays })}
          />
        ) : null}
        {canDeals ? (
          <DealCard
            orgId={orgId}
            kind="expected"
            title={t('expected.title')}
            query={filters.expected}
            empty={t('expected.empty')}
            detail={(deal) => t('expected.on', { date: deal.estimateDate, rate: deal.closingRate })}
          />
        ) : null}
      </div>
    </>
  );
}
