import type { ReactNode } from 'react';
import { Menu, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permissions.ts';
import { LoadingState } from '../../../shared/ui/query-state.tsx';

const pages = ['columnContact', 'columnCompany', 'columnContactDisplay', 'columnCompanyDisplay'] as const;

/**
 * A simple side menu for this settings pages; the settings shell (another branch) replaces it
 * when the branches are merged.
 */
export function SettingsFrame({ orgId, children }: { orgId: string; children: ReactNode }) {
  const { t } = useTranslation('custom-fields');
  const location = useLocation();
  const current = pages.find((page) => location.pathname.endsWith(`/settings/${page}`));
  // Spec section 6: settings are for system administrators (the server checks too).
  const { isSystemAdministrator, isLoading } = usePermissions(orgId);
  if (isLoading) return <LoadingState />;
  if (!isSystemAdministrator) return <Result status="403" title={t('adminOnly')} subTitle={t('adminOnlyText')} />;
  return (
    <div className="settings-frame">
      <nav aria-label={t('settingsNavigation')} className="settings-frame__nav">
        <Menu
          selectedKeys={current ? [current] : []}
          items={pages.map((page) => ({ key: page, label: <Link to={`/${orgId}/settings/${page}`}>{t(`menu.${page}`)}</Link> }))}
        />
      </nav>
      <div className="settings-frame__body">{children}</div>
    </div>
  );
}
