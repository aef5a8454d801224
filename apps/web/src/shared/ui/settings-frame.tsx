import type { ReactNode } from 'react';
import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

const pages = [
  'salesStage',
  'productList',
  'costs',
  'columnContact',
  'columnCompany',
  'columnDeal',
  'columnContactDisplay',
  'columnCompanyDisplay',
  'columnOpportunityDisplay',
] as const;

/**
 * A simple side menu for the settings pages that exist so far (custom fields, pipeline); the settings
 * shell (another branch) replaces it when the branches are merged.
 */
export function SettingsFrame({ orgId, children }: { orgId: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const current = pages.find((page) => location.pathname.endsWith(`/settings/${page}`));
  return (
    <div className="settings-frame">
      <nav aria-label={t('settings.navigation')} className="settings-frame__nav">
        <Menu
          selectedKeys={current ? [current] : []}
          items={pages.map((page) => ({ key: page, label: <Link to={`/${orgId}/settings/${page}`}>{t(`settings.${page}`)}</Link> }))}
        />
      </nav>
      <div className="settings-frame__body">{children}</div>
    </div>
  );
}
