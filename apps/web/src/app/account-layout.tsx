import { Suspense } from 'react';
import { Grid, Layout, Menu } from 'antd';
import { CalendarOutlined, ContactsOutlined, CreditCardOutlined, CrownOutlined, KeyOutlined, LockOutlined, MailOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../shared/session.ts';
import { BrandLogo } from '../shared/ui/brand-logo.tsx';
import { LanguagePicker } from '../shared/ui/language-picker.tsx';
import { LoadingState } from '../shared/ui/query-state.tsx';
import { AvatarMenu } from './avatar-menu.tsx';

/** /account/...: the account header (account-info title; logo to the org redirect) and a side menu. */
export function AccountLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const session = useSession();
  const isWide = screens.md ?? true;
  const items = [
    { key: '/account/profile', icon: <UserOutlined aria-hidden="true" />, label: <Link to="/account/profile">{t('layout.profile')}</Link> },
    { key: '/account/password', icon: <LockOutlined aria-hidden="true" />, label: <Link to="/account/password">{t('layout.password')}</Link> },
    {
      key: '/account/calendarSync',
      icon: <CalendarOutlined aria-hidden="true" />,
      label: <Link to="/account/calendarSync">{t('layout.calendarSync')}</Link>,
    },
    {
      key: '/account/mailboxes',
      icon: <MailOutlined aria-hidden="true" />,
      label: <Link to="/account/mailboxes">{t('layout.mailboxes')}</Link>,
    },
    {
      key: '/account/addressBook',
      icon: <ContactsOutlined aria-hidden="true" />,
      label: <Link to="/account/addressBook">{t('layout.addressBook')}</Link>,
    },
    {
      key: '/account/organizations',
      icon: <TeamOutlined aria-hidden="true" />,
      label: <Link to="/account/organizations">{t('layout.myWorkspaces')}</Link>,
    },
    { key: '/account/tokens', icon: <KeyOutlined aria-hidden="true" />, label: <Link to="/account/tokens">{t('layout.personalTokens')}</Link> },
    { key: '/account/planInfo', icon: <CrownOutlined aria-hidden="true" />, label: <Link to="/account/planInfo">{t('layout.planInfo')}</Link> },
    {
      key: '/account/purchase/history',
      icon: <CreditCardOutlined aria-hidden="true" />,
      label: <Link to="/account/purchase/history">{t('layout.purchaseHistory')}</Link>,
    },
  ];
  return (
    <Layout className="app-shell">
      <Layout.Header className="app-header">
        <div className="app-header__left">
          <BrandLogo />
          <span className="app-header__title">{t('layout.accountInfo')}</span>
        </div>
        <div className="app-header__right">
          <LanguagePicker variant="borderless" />
          <AvatarMenu currentOrgId={session.profile?.orgId ?? session.user?.orgId ?? null} />
        </div>
      </Layout.Header>
      {/* antd's Layout.Content is the <main> landmark itself. */}
      <Layout.Content>
        <div className={isWide ? 'account-body' : 'account-body account-body--narrow'}>
          <nav aria-label={t('layout.accountNavigation')} className="account-nav">
            <Menu mode={isWide ? 'inline' : 'horizontal'} disabledOverflow selectedKeys={[location.pathname]} items={items} />
          </nav>
          <div className="account-main">
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </Layout.Content>
    </Layout>
  );
}
