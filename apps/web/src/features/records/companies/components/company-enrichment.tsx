import { useState } from 'react';
import { Alert, Button, Flex, Popconfirm, Progress, Statistic, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyEnrichment } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useCompanyEnrichments, useStartEnrichment } from '../companies.api.ts';

/**
 * "Fill from the company registry" for the chosen companies, or every company with a business number when none is chosen
 * (or an import's companies, on its done page). The confirmation says what is filled and that nothing is overwritten.
 */
export function EnrichmentButton({ orgId, selected, importId }: { orgId: string; selected?: string[]; importId?: string }) {
  const { t } = useTranslation('companies');
  const enrichments = useCompanyEnrichments(orgId);
  const start = useStartEnrichment(orgId, t('enrichment.started'));
  const running = enrichments.data?.items[0] && enrichments.data.items[0].status !== 'done';
  const count = selected?.length ?? 0;
  const body = importId ? { importId } : count > 0 ? { companyIds: selected } : { all: true as const };
  const label = importId ? t('enrichment.fromImport') : count > 0 ? t('enrichment.selected', { count }) : t('enrichment.all');
  return (
    <Popconfirm
      title={label}
      description={<span className="enrichment-confirm">{t('enrichment.confirm')}</span>}
      okText={t('enrichment.start')}
      cancelText={t('common:actions.cancel')}
      onConfirm={() => start.mutateAsync(body)}
      disabled={Boolean(running)}
    >
      <Button className="enrichment-start" icon={<CloudDownloadOutlined aria-hidden="true" />} loading={start.isPending} disabled={Boolean(running)} data-testid="enrichment-start">
        {label}
      </Button>
    </Popconfirm>
  );
}

function Summary({ orgId, enrichment }: { orgId: string; enrichment: CompanyEnrichment }) {
  const { t } = useTranslation('companies');
  return (
    <Flex vertical gap="small">
      <Flex gap="large" wrap data-testid="enrichment-counts">
        {(['filled', 'unchanged', 'notFound', 'skipped'] as const).map((key) => (
          <Statistic key={key} title={t(`enrichment.counts.${key}`)} value={enrichment[key]} />
        ))}
        <Statistic title={t('enrichment.counts.flagged')} value={enrichment.flagged.length} />
      </Flex>
      {enrichment.flagged.length > 0 ? (
        <div>
          <Typography.Text strong>{t('enrichment.flaggedTitle')}</Typography.Text>
          <ul className="enrichment-flagged" data-testid="enrichment-flagged">
            {enrichment.flagged.map((flag) => (
              <li key={flag.companyId}>
                <Link to={`/${orgId}/company/detail/${flag.companyId}`}>{flag.name}</Link> · <strong>{flag.statusText}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Flex>
  );
}

/**
 * The latest enrichment above the company list: its progress while it runs (or waits for the registry), then its
 * result until closed. Closing hides that one result on this page; a new enrichment shows again.
 */
export function EnrichmentStatus({ orgId }: { orgId: string }) {
  const { t } = useTranslation('companies');
  const enrichments = useCompanyEnrichments(orgId);
  const [closedId, setClosedId] = useState<string | null>(null);
  const latest = enrichments.data?.items[0];
  if (!latest || latest.id === closedId) return null;
  // A result from more than a day ago is history, not news.
  if (latest.status === 'done' && Date.now() - new Date(latest.finishedAt ?? latest.createdAt).getTime() > 86_400_000) return null;
  const percent = latest.total > 0 ? Math.floor((latest.processed / latest.total) * 100) : 100;
  const title =
    latest.status === 'done'
      ? t('enrichment.doneTitle', { count: latest.total })
      : latest.status === 'waiting'
        ? t('enrichment.waitingTitle', { time: formatDateTime(latest.retryAt ?? latest.createdAt) })
        : t('enrichment.runningTitle', { done: latest.processed, total: latest.total });
  return (
    <Alert
      className="enrichment-status"
      data-testid="enrichment-status"
      type={latest.status === 'done' ? 'success' : latest.status === 'waiting' ? 'warning' : 'info'}
      showIcon
      closable={latest.status === 'done'}
      onClose={() => setClosedId(latest.id)}
      title={title}
      description={
        latest.status === 'done' ? (
          <Summary orgId={orgId} enrichment={latest} />
        ) : (
          <Progress percent={percent} aria-label={t('enrichment.progress')} />
        )
      }
    />
  );
}
