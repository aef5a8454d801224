import { Button, Card, Descriptions, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { guideSteps } from '@lodestar/contract';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useGuide, useReopenGuide } from '../guide.api.ts';

/** settings/guide: where the first-run guide stands, and the button that opens it again on the home page. */
export function GuideSettingsPage() {
  const { t } = useTranslation('guide');
  usePageTitle(t('settingsTitle'));
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const guide = useGuide(orgId);
  const reopen = useReopenGuide(orgId);
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('settingsTitle')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('settingsHint')}</Typography.Paragraph>
      {guide.isLoading ? <LoadingState /> : null}
      {guide.isError ? <ErrorState error={guide.error} onRetry={() => void guide.refetch()} /> : null}
      {guide.data ? (
        <Descriptions column={1} size="small" className="narrow-form">
          <Descriptions.Item label={t('statusLabel')}>{t(`status.${guide.data.status}`)}</Descriptions.Item>
          <Descriptions.Item label={t('doneLabel')}>{t('countOf', { count: guide.data.done.length, total: guideSteps.length })}</Descriptions.Item>
          <Descriptions.Item label={t('skippedLabel')}>{t('countOf', { count: guide.data.skipped.length, total: guideSteps.length })}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Button type="primary" loading={reopen.isPending} onClick={() => reopen.mutate(undefined, { onSuccess: () => void navigate(`/${orgId}/index`) })}>
        {t('reopen')}
      </Button>
    </Card>
  );
}
