import { Suspense, useEffect, useState } from 'react';
import { Button, Layout } from 'antd';
import { DeleteOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../shared/permissions.ts';
import { BrandLogo } from '../shared/ui/brand-logo.tsx';
import { LanguagePicker } from '../shared/ui/language-picker.tsx';
import { ErrorState, LoadingState } from '../shared/ui/query-state.tsx';
import { useOrganization } from '../features/access/organizations/index.ts';
import { lazyComponent, lazyDialog } from '../shared/ui/lazy-dialog.tsx';
import { LazyTooltip } from '../shared/ui/lazy-tooltip.tsx';
import { phoneQuery, useMediaQuery } from '../shared/ui/use-media-query.ts';
import { AvatarMenu } from './avatar-menu.tsx';
import { useNavTabs } from './nav-tabs.ts';

/*
 * What the header and the page frame show besides the tabs and the avatar loads a moment after the page (search,
 * today's target, fast create, reminders, the billing notice): none is needed to paint the page, and together they
 * weighed ~50 KB of gzipped JavaScript on every workspace page's first load (scripts/check-initial-bundle.ts). The
 * component files, not the features' index.ts (a barrel would bring its other exports back). Boxes of their size hold
 * the places of the search and the create button meanwhile, so nothing in the header moves when they arrive.
 */
const GlobalSearch = lazyComponent(
  () => import('../features/records/search/components/global-search.tsx').then((m) => m.GlobalSearch),
  () => <span className="global-search global-search--loading" aria-hidden="true" />,
);
const TargetHeader = lazyComponent(() => import('../features/reports/activity-report/components/target-header.tsx').then((m) => m.TargetHeader));
const FastCreateMenu = lazyComponent(
  () => import('./fast-create-menu.tsx').then((m) => m.FastCreateMenu),
  () => <span className="app-header__create app-header__create--loading" aria-hidden="true" />,
);
const NotificationBell = lazyComponent(() => import('../features/access/notifications/components/notification-bell.tsx').then((m) => m.NotificationBell));
const OutboxIndicator = lazyComponent(() => import('../features/shell/outbox/index.ts').then((m) => m.OutboxIndicator));
const ReminderPopup = lazyComponent(() => import('../features/calendar/schedules/components/reminder-popup.tsx').then((m) => m.ReminderPopup));
const BillingNoticeBanner = lazyComponent(() => import('../features/billing/subscription/components/billing-notice-banner.tsx').then((m) => m.BillingNoticeBanner));

// The phone's tab bar too (its icons weighed ~3 KB of the contact list's first load); a bar of its height holds its place.
const PhoneNav = lazyComponent(
  () => import('./phone-nav.tsx').then((m) => m.PhoneNav),
  () => <div className="phone-nav phone-nav--loading" aria-hidden="true" />,
);

// Renaming the workspace loads its dialog when first opened, not with every page (scripts/check-initial-bundle.ts).
const RenameWorkspaceDialog = lazyDialog(() => import('../features/access/organizations/components/rename-workspace-dialog.tsx').then((m) => m.RenameWorkspaceDialog));
// The phone's full-screen search (app/styles.css shows its button below 768 px instead of the search box).
const PhoneSearchSheet = lazyDialog(() => import('./phone-search-sheet.tsx').then((m) => m.PhoneSearchSheet));

/** The layout of every /{orgId}/... page: header (docs/product.md#screens) and the <main> landmark (antd 6 Layout.Content renders it). */
export function OrgLayout() {
  const { t } = useTranslation('common');
  const { orgId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const organization = useOrganization(orgId);
  // Keeps privileges fresh (30 s poll); pages read them with usePermissions too.
  const permissions = usePermissions(orgId);
  const { can } = permissions;
  const [renaming, setRenaming] = useState(false);
  const [searching, setSearching] = useState(false);
  const tabs = useNavTabs(orgId, can, permissions.isSystemAdministrator);
  const showTrash = Boolean(organization.data) && (can('contact', 'delete') || can('company', 'delete'));
  // At phone width the search box and the language picker are not in the header (app/phone.css: the search button and
  // the "more" sheet stand in): not rendered there, their code (antd's Select and AutoComplete) stays off the phone's first load.
  const isPhone = useMediaQuery(phoneQuery);
  const selected = tabs.filter((tab) => location.pathname.startsWith(tab.path)).map((tab) => tab.key);

  useEffect(() => {
    // docs/product.md#errors: an org lookup that answers no data goes to the not-found page.
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
              <LazyTooltip title={t('layout.renameWorkspace')}>
                <Button
                  type="text"
                  size="small"
                  className="app-header__icon-button"
                  icon={<EditOutlined aria-hidden="true" />}
                  aria-label={t('layout.renameWorkspace')}
                  onClick={() => setRenaming(true)}
                />
              </LazyTooltip>
            ) : null}
          </div>
        </div>
        <nav aria-label={t('layout.mainNavigation')} className="app-header__nav">
          {/* Plain links, not antd's Menu (rc-menu, its motion and overflow code in every page's first load,
              scripts/check-initial-bundle.ts); the row scrolls when narrow, as before. */}
          <ul className="app-nav">
            {tabs.map((tab) => {
              const active = selected.includes(tab.key);
              return (
                <li key={tab.key}>
                  <Link to={tab.to} className={active ? 'app-nav__link app-nav__link--active' : 'app-nav__link'} aria-current={active ? 'page' : undefined}>
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="app-header__right">
          <OutboxIndicator />
          {organization.data && !isPhone ? <GlobalSearch orgId={orgId} /> : null}
          {organization.data ? <TargetHeader orgId={orgId} /> : null}
          {organization.data ? (
            <button type="button" className="app-header__search-button" aria-label={t('layout.openSearch')} aria-haspopup="dialog" onClick={() => setSearching(true)} data-testid="phone-search">
              <SearchOutlined aria-hidden="true" />
            </button>
          ) : null}
          {organization.data ? <FastCreateMenu orgId={orgId} /> : null}
          {organization.data ? <NotificationBell orgId={orgId} /> : null}
          {showTrash ? (
            <LazyTooltip title={t('layout.trash')}>
              <Link to={`/${orgId}/trash`} className="app-header__icon-link" aria-label={t('layout.trash')}>
                <DeleteOutlined aria-hidden="true" />
              </Link>
            </LazyTooltip>
          ) : null}
          {isPhone ? null : <LanguagePicker variant="borderless" />}
          <AvatarMenu currentOrgId={orgId} showSettings={permissions.isSystemAdministrator} settingsLoading={permissions.isLoading} />
        </div>
      </Layout.Header>
      {/* antd's Layout.Content is the <main> landmark itself. */}
      <Layout.Content className="app-content">
          {organization.data ? <BillingNoticeBanner orgId={orgId} isAdministrator={organization.data.isTopAdministrator} /> : null}
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
      {organization.data ? <ReminderPopup orgId={orgId} /> : null}
      {organization.data ? <PhoneSearchSheet open={searching} orgId={orgId} onClose={() => setSearching(false)} /> : null}
      <PhoneNav orgId={orgId} tabs={tabs} showSettings={permissions.isSystemAdministrator} showTrash={showTrash} />
    </Layout>
  );
}
