import { Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

export function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  return <StatusPage status="403" title={t('unauthorizedTitle')} text={t('unauthorizedText')} />;
}

export function PageNotFoundPage() {
  const { t } = useTranslation('errors');
  return <StatusPage status="404" title={t('pageNotFoundTitle')} text={t('pageNotFoundText')} />;
}

export function FrozenPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { orgId } = useParams();
  return (
    <StatusPage
      status="warning"
      icon={<LockOutlined aria-hidden="true" />}
      title={t('frozenTitle')}
      text={t('frozenText')}
      actions={
        <>
          {/* Billing answers the administrator even while frozen: paying unfreezes at once. */}
          <Button type="primary" onClick={() => navigate(`/subscription?orgId=${orgId ?? ''}`)}>
            {t('frozenPay')}
          </Button>
          <Button onClick={() => navigate('/account/organizations')}>{t('common:actions.goToWorkspaces')}</Button>
        </>
      }
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return <StatusPage status="404" title={t('notFoundTitle')} text={t('notFoundText')} />;
}
