import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNewVersionBanner } from '../new-version.ts';

/** The spec's "New version available, please update to the latest version", with a reload button, over the page. */
export function NewVersionNotice() {
  const { t } = useTranslation('common');
  const outdated = useNewVersionBanner();
  if (!outdated) return null;
  return (
    <div className="new-version-notice" data-testid="new-version-notice">
      <Alert
        type="info"
        showIcon
        role="alert"
        title={t('newVersion.message')}
        action={
          <Button type="primary" size="small" onClick={() => window.location.reload()}>
            {t('newVersion.reload')}
          </Button>
        }
      />
    </div>
  );
}
