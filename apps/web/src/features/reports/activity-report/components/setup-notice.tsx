import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What a manager must configure before the report can say anything: activity items, then profiles (targets). */
export function SetupNotice({ orgId, items, profiles, canConfigure }: { orgId: string; items: number; profiles: number; canConfigure: boolean }) {
  const { t } = useTranslation('activity-report');
  if (items > 0 && profiles > 0) return null;
  const noItems = items === 0;
  return (
    <Alert
      className="report-setup"
      type={noItems ? 'warning' : 'info'}
      showIcon
      message={noItems ? t('setup.noItems') : t('setup.noProfiles')}
      description={canConfigure ? undefined : t('setup.askAdministrator')}
      action={
        canConfigure ? (
          <Link to={`/${orgId}/settings/${noItems ? 'activityList' : 'activity'}`}>
            <Button size="small">{noItems ? t('setup.toItems') : t('setup.toProfiles')}</Button>
          </Link>
        ) : undefined
      }
    />
  );
}
