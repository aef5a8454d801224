import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardStatistics } from '@lodestar/contract';
import { formatTotal } from '../../../../shared/format/money.ts';
import { EmptyState } from '../../../../shared/ui/query-state.tsx';
import { BarList } from './bar-list.tsx';
import { ExportButton } from './statistics-shell.tsx';

/**
 * Why the period's deals were lost (issue 30): the lost deals by the reason given when closing them, most first,
 * "no reason given" last; the card links to the same lost deals as the Lost figure.
 */
export function LostReasonsCard({ reasons, lostLink }: { reasons: DashboardStatistics['lostReasons']; lostLink: string }) {
  const { t } = useTranslation('statistics');
  const labelOf = (reason: DashboardStatistics['lostReasons'][number]) => reason.label ?? t('lostReasons.noReason');
  return (
    <Card
      data-testid="lost-reasons"
      title={<Typography.Title level={2} className="card-title">{t('lostReasons.title')}</Typography.Title>}
      extra={
        reasons.length > 0 ? (
          <ExportButton
            fileName="lost-reasons"
            rows={() => [[t('lostReasons.reason'), t('lostReasons.count'), t('lostReasons.amount')], ...reasons.map((reason) => [labelOf(reason), reason.count, reason.amount])]}
          />
        ) : null
      }
    >
      {reasons.length === 0 ? (
        <EmptyState description={t('lostReasons.empty')} />
      ) : (
        <>
          <BarList
            label={t('lostReasons.title')}
            items={reasons.map((reason) => ({
              key: reason.id ?? 'none',
              label: labelOf(reason),
              value: reason.count,
              display: t('lostReasons.bar', { count: reason.count, amount: formatTotal(reason.amount) }),
              to: null,
              color: reason.id ? '#cf1322' : '#8c8c8c',
            }))}
          />
          <Typography.Paragraph className="lost-reasons-card__link">
            <Link to={lostLink}>{t('lostReasons.seeDeals')}</Link>
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
