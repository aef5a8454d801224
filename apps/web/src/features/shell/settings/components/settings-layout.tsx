import {
  ApartmentOutlined,
  AimOutlined,
  CompassOutlined,
  AppstoreOutlined,
  DollarOutlined,
  FormOutlined,
  FunnelPlotOutlined,
  IdcardOutlined,
  OrderedListOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  TableOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  MessageOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../shared/permissions.ts';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';
import { SideNavLayout } from '../../../../shared/ui/side-nav-layout.tsx';

/** The settings pages that exist (docs/product.md#screens lists more; they join as they are built). */
export const settingsPages = [
  { key: 'users', icon: <TeamOutlined aria-hidden="true" /> },
  { key: 'roles', icon: <IdcardOutlined aria-hidden="true" /> },
  { key: 'workspace', icon: <ApartmentOutlined aria-hidden="true" /> },
  { key: 'privilege', icon: <SafetyCertificateOutlined aria-hidden="true" /> },
  { key: 'salesStage', icon: <FunnelPlotOutlined aria-hidden="true" /> },
  { key: 'productList', icon: <AppstoreOutlined aria-hidden="true" /> },
  { key: 'costs', icon: <DollarOutlined aria-hidden="true" /> },
  { key: 'lostReasons', icon: <StopOutlined aria-hidden="true" /> },
  { key: 'activity', icon: <AimOutlined aria-hidden="true" /> },
  { key: 'activityList', icon: <OrderedListOutlined aria-hidden="true" /> },
  { key: 'performanceTarget', icon: <RiseOutlined aria-hidden="true" /> },
  { key: 'automation', icon: <ThunderboltOutlined aria-hidden="true" /> },
  { key: 'channel', icon: <MessageOutlined aria-hidden="true" /> },
  { key: 'guide', icon: <CompassOutlined aria-hidden="true" /> },
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

  if (permissions.isLoading) return <LoadingState />;
  if (!permissions.isSystemAdministrator) return <Navigate to={`/${orgId}/error/unauthorized`} replace />;

  const current = settingsPageOf(location.pathname);
  return (
    <SideNavLayout
      title={t('title')}
      navigationLabel={t('navigation')}
      current={current}
      pages={settingsPages.map((page) => ({ key: page.key, icon: page.icon, label: t(`pages.${page.key}`), to: `/${orgId}/settings/${page.key}` }))}
    />
  );
}
