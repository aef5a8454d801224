import { Button, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/** An unknown /{orgId}/settings/… path: the not-found answer inside the settings area (its navigation stays). */
export function SettingsNotFound() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { orgId = '' } = useParams();
  return (
    <Result
      status="404"
      title={<h1 className="status-page__title">{t('pageNotFoundTitle')}</h1>}
      subTitle={t('pageNotFoundText')}
      extra={
        <Button type="primary" onClick={() => navigate(`/${orgId}/settings/users`)}>
          {t('settings:backToSettings')}
        </Button>
      }
    />
  );
}
