import '../line.css';
import { Alert, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../shared/permissions.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { SegmentComposer } from '../components/segment-composer.tsx';
import { SegmentSends } from '../components/segment-sends.tsx';

/** /{orgId}/social/line/segments: a message to a tag's LINE friends (administrators), and past sends with their figures. */
export function LineSegmentsPage() {
  const { t } = useTranslation('line');
  usePageTitle(t('segments.title'));
  const { orgId = '' } = useParams();
  const { isSystemAdministrator } = usePermissions(orgId);
  return (
    <div className="line-segments">
      <Link className="line-segments__back" to={`/${orgId}/social/line`}>
        {t('social.back')}
      </Link>
      <Typography.Title level={1} className="social-line__title">
        {t('segments.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('segments.hint')}</Typography.Paragraph>
      <div className="line-segments__panes">
        {isSystemAdministrator ? <SegmentComposer orgId={orgId} /> : <Alert type="info" showIcon message={t('segments.adminsOnly')} />}
        <SegmentSends orgId={orgId} />
      </div>
    </div>
  );
}
