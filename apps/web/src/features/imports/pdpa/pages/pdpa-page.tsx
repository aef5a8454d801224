import { useState } from 'react';
import { Card, Flex, Segmented, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePdpaRequests } from '../pdpa.api.ts';
import { RequestList } from '../components/request-list.tsx';

/**
 * Settings → PDPA requests (system administrators): every open request of the workspace by due date, overdue ones
 * flagged, answered here or on the person's page; "all" adds the closed ones (the record that each was done).
 */
export function PdpaPage() {
  const { t } = useTranslation('pdpa');
  const { orgId = '' } = useParams();
  const [scope, setScope] = useState<'open' | 'all'>('open');
  const requests = usePdpaRequests(orgId, scope);
  usePageTitle(t('title'));
  const overdue = requests.data?.filter((r) => r.overdue).length ?? 0;
  return (
    <Card title={<Typography.Title level={1} className="page-card-title">{t('title')}</Typography.Title>}>
      <Flex vertical gap="middle">
        <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
        <Flex gap="middle" align="center" wrap>
          <Segmented<'open' | 'all'>
            className="touch-target"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'open', label: t('scope.open') },
              { value: 'all', label: t('scope.all') },
            ]}
          />
          {overdue > 0 ? <Typography.Text type="danger">{t('overdueCount', { count: overdue })}</Typography.Text> : null}
        </Flex>
        {requests.isLoading ? <LoadingState /> : requests.isError ? <ErrorState error={requests.error} onRetry={() => void requests.refetch()} /> : (
          <RequestList orgId={orgId} requests={requests.data ?? []} showContact isAdministrator emptyText={t(scope === 'open' ? 'emptyOpen' : 'emptyAll')} />
        )}
      </Flex>
    </Card>
  );
}
