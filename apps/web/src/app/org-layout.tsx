import { Suspense, useEffect, useState } from 'react';
import { Button, Layout, Menu, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../shared/permissions.ts';
import { BrandLogo } from '../shared/ui/brand-logo.tsx';
import { LanguagePicker } from '../shared/ui/language-picker.tsx';
import { ErrorState, LoadingState } from '../shared/ui/query-state.tsx';
import { RenameWorkspaceDialog, useOrganization } from '../features/organizations/index.ts';
import { AvatarMenu } from './avatar-menu.tsx';

/** Tabs appear as their features land; none links to an empty page. */
function useTabs(orgId: string) {
  const { t } = useTranslation('common');
  return [{ key: 'index', path: `/${orgId}/index`, label: t('layout.home') }];
}

/** The layout of every /{orgId}/... page: header (spec section 2) and a <main> landmark. */
export function OrgLayout() {
  const { t } = useTranslation('common');
  const { orgId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const organization = useOrganization(orgId);
  // Keeps privileges fresh (30 s poll); pages read them with usePermissions too.
  const permissions = usePermissions(orgId);
  const [renaming, setRenaming] = useState(false);
  const tabs = useTabs(orgId);
  const selected = tabs.filter((tab) => location.pathname.startsWith(tab.path)).map((tab) => tab.key);

  useEffect(() => {
    // Spec section 8: an org lookup that answers no data goes to the not-found page.
    if (organization.isSuccess && !organization.data) navigate(`/${orgId}/error/pageNotFound`, { replace: true });
  }, [organization.isSuccess, organization.data, orgId, navigate]);

  const name = organization.data?.name ?? '';
  return (
    <Layout className="app-shell">
      <Layout.Header className="app-header">
        <div className="app-header__left">
          <BrandLogo />
          <div className="app-header__workspace">
            <span className="app-header__workspace-name" data-testid="header-workspace-name" title={name}>
              {name}
            </span>
            {organization.data && (organization.data.isTopAdministrator || organization.data.isSystemAdministrator) ? (
              <Tooltip title={t('layout.renameWorkspace')}>
                <Button
                  type="text"
                  size="small"
                  className="app-header__icon-button"
                  icon={<EditOutlined aria-hidden="true" />}
                  aria-label={t('layout.renameWorkspace')}
                  onClick={() => setRenaming(true)}
                />
              </Tooltip>
            ) : null}
          </div>
          <nav aria-label={t('layout.mainNavigation')} className="app-header__nav">
            <Menu
              mode="horizontal"
              theme="dark"
              selectedKeys={selected}
              items={tabs.map((tab) => ({ key: tab.key, label: <Link to={tab.path}>{tab.label}</Link> }))}
            />
          </nav>
        </div>
        <div className="app-header__right">
          <LanguagePicker variant="borderless" />
          <AvatarMenu currentOrgId={orgId} showSettings={permissions.isSystemAdministrator} />
        </div>
      </Layout.Header>
      {/* antd's Layout.Content is the <main> landmark itself. */}
      <Layout.Content className="app-content">
          {organization.isLoading ? <LoadingState label={t('layout.loadingWorkspace')} /> : null}
          {organization.isError ? <ErrorState error={organization.error} onRetry={() => void organization.refetch()} /> : null}
          {organization.data ? (
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          ) : null}
      </Layout.Content>
      {organization.data ? (
        <RenameWorkspaceDialog open={renaming} orgId={orgId} currentName={name} onClose={() => setRenaming(false)} />
      ) : null}
    </Layout>
  );
}
