import { useTranslation } from 'react-i18next';
import { useAppleConfig, useStartAppleSignIn } from '../sign-in.api.ts';
import styles from './auth-form.module.css';

/** "Sign in with Apple" under the login and sign-up forms; nothing while the server has Apple off. Plain, as those pages. */
export function AppleSignInButton({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const config = useAppleConfig();
  const start = useStartAppleSignIn();
  if (!config.data?.enabled) return null;
  const busy = start.isPending || start.isSuccess;
  return (
    <>
      <div className={styles.or} role="separator">
        {t('apple.or')}
      </div>
      <button
        type="button"
        className={`plain-button plain-button--large plain-button--block apple-sign-in-button ${styles.apple}`}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => start.mutate(redirect)}
      >
        <svg viewBox="64 64 896 896" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M747.4 535.7c-.4-68.2 30.5-119.6 92.9-157.5-34.9-50-87.7-77.5-157.3-82.8-65.9-5.2-138 38.4-164.4 38.4-27.9 0-91.7-36.6-141.9-36.6C273.1 298.8 163 379.8 163 544.6c0 48.7 8.9 99 26.7 150.8 23.8 68.2 109.6 235.3 199.1 232.6 46.8-1.1 79.9-33.2 140.8-33.2 59.1 0 89.7 33.2 141.9 33.2 90.3-1.3 167.9-153.2 190.5-221.6-121.1-57.1-114.6-167.2-114.6-170.7zm-105.1-305c50.7-60.2 46.1-115 44.6-134.7-44.8 2.6-96.6 30.5-126.1 64.8-32.5 36.8-51.6 82.3-47.5 133.6 48.4 3.7 92.6-21.2 129-63.7z" />
        </svg>
        {t('apple.button')}
      </button>
    </>
  );
}
