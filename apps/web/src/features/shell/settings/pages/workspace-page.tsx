import { Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { DepartmentsCard } from '../../../access/departments/index.ts';
import { WorkspaceDetailsCard } from '../../../access/organizations/index.ts';

/** /{orgId}/settings/workspace: the workspace details form and the department hierarchy. */
export function WorkspacePage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('workspaceTitle'));
  const { orgId = '' } = useParams();
  return (
    <div className="page-stack">
      <Typography.Title level={1} className="page-title">
        {t('workspaceTitle')}
      </Typography.Title>
      <WorkspaceDetailsCard orgId={orgId} />
      <DepartmentsCard orgId={orgId} />
    </div>
  );
}
