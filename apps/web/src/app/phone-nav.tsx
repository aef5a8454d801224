import { useState } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../shared/ui/lazy-dialog.tsx';
import { navIcons } from './nav-icons.tsx';
import { splitPhoneTabs, type NavTab } from './nav-tabs.ts';

// The sheet's drawer loads when "More" is first pressed, not with every page (scripts/check-initial-bundle.ts).
const PhoneMoreSheet = lazyDialog(() => import('./phone-more-sheet.tsx').then((m) => m.PhoneMoreSheet));

/**
 * The main navigation at phone width (issue 29): a bottom tab bar of the four screens used most and "More" for the
 * rest, where a thumb reaches. Plain links drawn by CSS (app/styles.css shows it below 768 px, where the header's
 * tabs are hidden), so it costs the first load a few icons.
 */
export function PhoneNav({ orgId, tabs, showSettings, showTrash }: { orgId: string; tabs: NavTab[]; showSettings: boolean; showTrash: boolean }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const { bar, more } = splitPhoneTabs(tabs);
  const isCurrent = (path: string) => pathname.startsWith(path);
  const moreIsCurrent =
    more.some((tab) => isCurrent(tab.path)) || isCurrent(`/${orgId}/trash`) || isCurrent(`/${orgId}/settings/`) || isCurrent(`/${orgId}/targets`);
  return (
    <>
      <nav aria-label={t('layout.phoneNavigation')} className="phone-nav">
        <ul className="phone-nav__list">
          {bar.map((tab) => {
            const current = isCurrent(tab.path);
            return (
              <li key={tab.key}>
                <Link to={tab.to} className={current ? 'phone-nav__item phone-nav__item--active' : 'phone-nav__item'} aria-current={current ? 'page' : undefined} data-testid={`phone-nav-${tab.key}`}>
                  {navIcons[tab.key]}
                  <span className="phone-nav__label">{tab.label}</span>
                </Link>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              className={moreIsCurrent ? 'phone-nav__item phone-nav__item--active' : 'phone-nav__item'}
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
              data-testid="phone-nav-more"
            >
              <AppstoreOutlined aria-hidden="true" />
              <span className="phone-nav__label">{t('layout.more')}</span>
            </button>
          </li>
        </ul>
      </nav>
      <PhoneMoreSheet open={moreOpen} onClose={() => setMoreOpen(false)} orgId={orgId} tabs={more} showSettings={showSettings} showTrash={showTrash} />
    </>
  );
}
