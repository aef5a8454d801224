import { Card, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { SalesStagesEditor } from '../components/sales-stages-editor.tsx';

/** settings/salesStage: the stage editor under the page's title and hint. */
export function SalesStagesPage() {
  const { t } = useTranslation('deals');
  usePageTitle(t('settings.salesStageTitle'));
  const { orgId = '' } = useParams();
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('settings.salesStageTitle')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('settings.salesStageHint')}</Typography.Paragraph>
      <SalesStagesEditor orgId={orgId} />
    </Card>
  );
}
