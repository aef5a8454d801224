import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/money.ts';
import { formatDate, formatDateTime } from '../../../../shared/format/when.ts';
import { useRecordSummary } from '../../../records/notes/index.ts';

/** Open deals shown beside a conversation; the contact's page has them all. */
const shownDeals = 3;

/** What the salesperson needs while replying: the linked contact's open deals and next schedule. */
export function ContactContext({ orgId, contactId }: { orgId: string; contactId: string }) {
  const { t } = useTranslation('line');
  const summary = useRecordSummary(orgId, 'contact', contactId);
  const data = summary.data;
  if (!data) return null;
  const open = data.deals?.items.filter((deal) => deal.status === 'developing') ?? [];
  const next = data.figures.nextSchedule;
  return (
    <div className="line-context" data-testid="line-context">
      {data.deals ? (
        <div className="line-context__item">
          <Typography.Text type="secondary">{t('context.deals')}</Typography.Text>
          {open.length === 0 ? <Typography.Text type="secondary">{t('context.noDeals')}</Typography.Text> : null}
          {open.slice(0, shownDeals).map((deal) => (
            <Link key={deal.id} to={`/${orgId}/deal/detail/${deal.id}`} className="line-context__deal">
              {deal.name} <Tag>{deal.stageName}</Tag>
              <span className="muted">{formatMoney(deal.amount)}</span>
            </Link>
          ))}
          {open.length > shownDeals ? <Link to={`/${orgId}/contact/detail/${contactId}`}>{t('context.more', { count: open.length - shownDeals })}</Link> : null}
        </div>
      ) : null}
      {data.schedules ? (
        <div className="line-context__item">
          <Typography.Text type="secondary">{t('context.next')}</Typography.Text>
          {next ? (
            <span>
              {next.fullDay ? formatDate(next.startsAt) : formatDateTime(next.startsAt)} · {next.title}
            </span>
          ) : (
            <Typography.Text type="secondary">{t('context.nothingPlanned')}</Typography.Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
