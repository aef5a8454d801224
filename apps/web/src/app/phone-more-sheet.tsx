import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { CheckOutlined, DeleteOutlined, GlobalOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { locales } from '@lodestar/contract';
import { currentLanguage, languageNames } from '../shared/i18n.ts';
import { switchLanguage } from '../shared/language.ts';
import type { NavTab } from './nav-tabs.ts';
import { navIcons } from './nav-icons.tsx';

interface Entry {
  key: string;
  to: string;
  /** The path prefix that marks the entry current. */
  path: string;
  label: string;
  icon: ReactNode;
}

/**
 * "More" of the phone's tab bar: the main screens the bar has no room for, the trash and settings (the header's icons
 * on a desktop), and the language (the header's picker), as rows a thumb can hit (48 px). A bottom sheet.
 */
export function PhoneMoreSheet({ open, onClose, orgId, tabs, showSettings, showTrash }: { open: boolean; onClose: () => void; orgId: string; tabs: NavTab[]; showSettings: boolean; showTrash: boolean }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const entries: Entry[] = [
    ...tabs.map((tab) => ({ key: tab.key, to: tab.to, label: tab.label, icon: navIcons[tab.key], path: tab.path })),
    ...(showTrash ? [{ key: 'trash', to: `/${orgId}/trash`, path: `/${orgId}/trash`, label: t('layout.trash'), icon: <DeleteOutlined aria-hidden="true" /> }] : []),
    ...(showSettings ? [{ key: 'settings', to: `/${orgId}/settings/users`, path: `/${orgId}/settings/`, label: t('layout.settings'), icon: <SettingOutlined aria-hidden="true" /> }] : []),
  ];
  const language = currentLanguage();
  return (
    <Drawer open={open} onClose={onClose} placement="bottom" size="auto" title={t('layout.moreTitle')} className="phone-sheet" rootClassName="phone-sheet-root">
      <ul className="phone-sheet__list" data-testid="phone-more-sheet">
        {entries.map((entry) => {
          const current = pathname.startsWith(entry.path);
          return (
            <li key={entry.key}>
              <Link to={entry.to} className="phone-sheet__row" aria-current={current ? 'page' : undefined} onClick={onClose}>
                {entry.icon}
                <span>{entry.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div role="group" aria-labelledby="phone-sheet-language" className="phone-sheet__languages">
        <p id="phone-sheet-language" className="phone-sheet__heading">
          <GlobalOutlined aria-hidden="true" /> {t('layout.language')}
        </p>
        {locales.map((locale) => (
          <button key={locale} type="button" lang={locale} className="phone-sheet__row" aria-pressed={locale === language} onClick={() => void switchLanguage(locale)}>
            <span>{languageNames[locale]}</span>
            {locale === language ? <CheckOutlined aria-hidden="true" className="phone-sheet__check" /> : null}
          </button>
        ))}
      </div>
    </Drawer>
  );
}
