import { useTranslation } from 'react-i18next';
import { useNewVersionBanner } from '../new-version.ts';

/**
 * The spec's "New version available, please update to the latest version", with a reload button, over the page. Plain
 * elements drawn like antd's info Alert: it shows when the old build's chunks may be gone, so it must need none.
 */
export function NewVersionNotice() {
  const { t } = useTranslation('common');
  const outdated = useNewVersionBanner();
  if (!outdated) return null;
  return (
    <div className="new-version-notice" data-testid="new-version-notice" role="alert">
      <span className="new-version-notice__icon" aria-hidden="true">
        i
      </span>
      <span className="new-version-notice__text">{t('newVersion.message')}</span>
      <button type="button" className="plain-button plain-button--primary plain-button--small" onClick={() => window.location.reload()}>
        {t('newVersion.reload')}
      </button>
    </div>
  );
}
