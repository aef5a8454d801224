import {
  ApartmentOutlined,
  AuditOutlined,
  ApiOutlined,
  BranchesOutlined,
  AimOutlined,
  AccountBookOutlined,
  CompassOutlined,
  SaveOutlined,
  AppstoreOutlined,
  DollarOutlined,
  FileTextOutlined,
  FormOutlined,
  FunnelPlotOutlined,
  IdcardOutlined,
  KeyOutlined,
  OrderedListOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
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

/** The settings pages that exist, in their groups (docs/product.md#screens lists more; they join as they are built). */
export const settingsPages = [
  { key: 'users', group: 'team', icon: <TeamOutlined aria-hidden="true" /> },
  { key: 'roles', group: 'team', icon: <IdcardOutlined aria-hidden="true" /> },
  { key: 'workspace', group: 'team', icon: <ApartmentOutlined aria-hidden="true" /> },
  { key: 'privilege', group: 'team', icon: <SafetyCertificateOutlined aria-hidden="true" /> },
  { key: 'guide', group: 'team', icon: <CompassOutlined aria-hidden="true" /> },
  { key: 'auditLog', group: 'team', icon: <AuditOutlined aria-hidden="true" /> },
  { key: 'pdpa', group: 'team', icon: <SafetyOutlined aria-hidden="true" /> },
  { key: 'salesStage', group: 'sales', icon: <FunnelPlotOutlined aria-hidden="true" /> },
  { key: 'productList', group: 'sales', icon: <AppstoreOutlined aria-hidden="true" /> },
  { key: 'costs', group: 'sales', icon: <DollarOutlined aria-hidden="true" /> },
  { key: 'lostReasons', group: 'sales', icon: <StopOutlined aria-hidden="true" /> },
  { key: 'quotes', group: 'sales', icon: <FileTextOutlined aria-hidden="true" /> },
  { key: 'eInvoice', group: 'sales', icon: <AccountBookOutlined aria-hidden="true" /> },
  { key: 'performanceTarget', group: 'sales', icon: <RiseOutlined aria-hidden="true" /> },
  { key: 'activity', group: 'activities', icon: <AimOutlined aria-hidden="true" /> },
  { key: 'activityList', group: 'activities', icon: <OrderedListOutlined aria-hidden="true" /> },
  { key: 'automation', group: 'activities', icon: <ThunderboltOutlined aria-hidden="true" /> },
  { key: 'workflows', group: 'activities', icon: <BranchesOutlined aria-hidden="true" /> },
  { key: 'channel', group: 'connections', icon: <MessageOutlined aria-hidden="true" /> },
  { key: 'webhooks', group: 'connections', icon: <ApiOutlined aria-hidden="true" /> },
  { key: 'apiKeys', group: 'connections', icon: <KeyOutlined aria-hidden="true" /> },
  { key: 'backup', group: 'connections', icon: <SaveOutlined aria-hidden="true" /> },
  { key: 'columnContact', group: 'fields', icon: <FormOutlined aria-hidden="true" /> },
  { key: 'columnCompany', group: 'fields', icon: <FormOutlined aria-hidden="true" /> },
  { key: 'columnDeal', group: 'fields', icon: <FormOutlined aria-hidden="true" /> },
  { key: 'columnContactDisplay', group: 'columns', icon: <TableOutlined aria-hidden="true" /> },
  { key: 'columnCompanyDisplay', group: 'columns', icon: <TableOutlined aria-hidden="true" /> },
  { key: 'columnOpportunityDisplay', group: 'columns', icon: <TableOutlined aria-hidden="true" /> },
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
      pages={settingsPages.map((page) => ({ key: page.key, icon: page.icon, label: t(`pages.${page.key}`), group: t(`groups.${page.group}`), to: `/${orgId}/settings/${page.key}` }))}
    />
  );
}
