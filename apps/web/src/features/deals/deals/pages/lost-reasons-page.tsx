import { Card, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { LostReasonsEditor } from '../components/lost-reasons-editor.tsx';

/** settings/lostReasons: why deals are lost, the short list offered when closing one as lost. */
export function LostReasonsPage() {
  const { t } = useTranslation('deals');
  const title = t('lostReasons.title');
  usePageTitle(title);
  const { orgId = '' } = useParams();
  return (
    <Card title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('lostReasons.hint')}</Typography.Paragraph>
      <LostReasonsEditor orgId={orgId} />
    </Card>
  );
}
