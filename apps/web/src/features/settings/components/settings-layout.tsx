import { Suspense } from 'react';
import { Grid, Menu } from 'antd';
import {
  ApartmentOutlined,
  AimOutlined,
  AppstoreOutlined,
  DollarOutlined,
  FormOutlined,
  FunnelPlotOutlined,
  OrderedListOutlined,
  SafetyCertificateOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permissions.ts';
import { LoadingState } from '../../../shared/ui/query-state.tsx';

/** The settings pages that exist (spec section 2 lists more; they join as they are built). */
export const settingsPages = [
  { key: 'users', icon: <TeamOutlined aria-hidden="true" /> },
  { key: 'workspace', icon: <ApartmentOutlined aria-hidden="true" /> },
  { key: 'privilege', icon: <SafetyCertificateOutlined aria-hidden="true" /> },
  { key: 'salesStage', icon: <FunnelPlotOutlined aria-hidden="true" /> },
  { key: 'productList', icon: <AppstoreOutlined aria-hidden="true" /> },
  { key: 'costs', icon: <DollarOutlined aria-hidden="true" /> },
  { key: 'activity', icon: <AimOutlined aria-hidden="true" /> },
  { key: 'activityList', icon: <OrderedListOutlined aria-hidden="true" /> },
  { key: 'columnContact', icon: <FormOutlined aria-hidden="true" /> },
  { key: 'columnCompany', icon: <FormOutlined aria-hidden="true" /> },
  { key: 'columnDeal', icon: <FormOutlined aria-hidden="true" /> },
  { key: 'columnContactDisplay', icon: <TableOutlined aria-hidden="true" /> },
  { key: 'columnCompanyDisplay', icon: <TableOutlined aria-hidden="true" /> },
  { key: 'columnOpportunityDisplay', icon: <TableOutlined aria-hidden="true" /> },
] as const;

export function settingsPageOf(pathname: string): string | null {
  const match = /\/settings\/([^/]+)/.exec(pathname);
  return match?.[1] ?? null;
}

/**
 * /{orgId}/settings/...: system administrators only (the server enforces it on every call regardless);
 * anyone else is sent to the unauthorized page. Side navigation beside the page.
 */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const { orgId = '' } = useParams();
  const location = useLocation();
  const permissions = usePermissions(orgId);
  const isWide = Grid.useBreakpoint().md ?? true;

  if (permissions.isLoading) return <LoadingState />;
  if (!permissions.isSystemAdministrator) return <Navigate to={`/${orgId}/error/unauthorized`} replace />;

  const current = settingsPageOf(location.pathname);
  return (
    <div className={isWide ? 'settings-body' : 'settings-body settings-body--narrow'}>
      <nav aria-label={t('navigation')} className="settings-nav">
        <div className="settings-nav__title" aria-hidden="true">
          {t('title')}
        </div>
        <Menu
          mode={isWide ? 'inline' : 'horizontal'}
          selectedKeys={current ? [current] : []}
          items={settingsPages.map((page) => ({
            key: page.key,
            icon: page.icon,
            label: (
              <Link to={`/${orgId}/settings/${page.key}`} aria-current={current === page.key ? 'page' : undefined}>
                {t(`pages.${page.key}`)}
              </Link>
            ),
          }))}
        />
      </nav>
      <div className="settings-main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
