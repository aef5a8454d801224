import { Suspense } from 'react';
import { Button, Grid, Layout, Menu, Result } from 'antd';
import { AuditOutlined, CreditCardOutlined, FileExclamationOutlined, GiftOutlined, ShopOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../../shared/profile.api.ts';
import { BrandLogo } from '../../../../shared/ui/brand-logo.tsx';
import { LanguagePicker } from '../../../../shared/ui/language-picker.tsx';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';

/**
 * /operator/…: the operator console's frame (issue 30 #15), apart from every workspace. Only accounts the server
 * names in OPERATOR_EMAILS get it; anyone else sees "not found", as the API answers them.
 */
export function OperatorLayout() {
  const { t } = useTranslation('console');
  const location = useLocation();
  const profile = useProfile();
  const isWide = Grid.useBreakpoint().md ?? true;
  const sections = [
    { key: '/operator/workspaces', icon: <ShopOutlined aria-hidden="true" />, label: <Link to="/operator/workspaces">{t('nav.workspaces')}</Link> },
    { key: '/operator/coupons', icon: <GiftOutlined aria-hidden="true" />, label: <Link to="/operator/coupons">{t('nav.coupons')}</Link> },
    { key: '/operator/charges', icon: <CreditCardOutlined aria-hidden="true" />, label: <Link to="/operator/charges">{t('nav.charges')}</Link> },
    { key: '/operator/invoices', icon: <FileExclamationOutlined aria-hidden="true" />, label: <Link to="/operator/invoices">{t('nav.invoices')}</Link> },
    { key: '/operator/audit', icon: <AuditOutlined aria-hidden="true" />, label: <Link to="/operator/audit">{t('nav.audit')}</Link> },
  ];
  let body;
  if (profile.isPending) body = <LoadingState />;
  else if (!profile.data?.isOperator) {
    body = (
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.text')}
        extra={
          <Link to="/org/redirect">
            <Button type="primary">{t('backToApp')}</Button>
          </Link>
        }
      />
    );
  } else {
    body = (
      <div className={isWide ? 'account-body' : 'account-body account-body--narrow'}>
        <nav aria-label={t('nav.label')} className="account-nav">
          <Menu mode={isWide ? 'inline' : 'horizontal'} disabledOverflow selectedKeys={[location.pathname]} items={sections} />
        </nav>
        <div className="account-main operator-main">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    );
  }
  return (
    <Layout className="app-shell">
      <Layout.Header className="app-header">
        <div className="app-header__left">
          <BrandLogo />
          <span className="app-header__title">{t('title')}</span>
        </div>
        <div className="app-header__right">
          <LanguagePicker variant="borderless" />
          <Link to="/org/redirect" className="operator-back" data-testid="operator-back">
            {t('backToApp')}
          </Link>
        </div>
      </Layout.Header>
      <Layout.Content>{body}</Layout.Content>
    </Layout>
  );
}
