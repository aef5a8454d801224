import { useTranslation } from 'react-i18next';

/**
 * "Loading…" with a spinner drawn in CSS (styles.css `.plain-spin`, antd Spin's four dots): the route guard shows it
 * before antd has loaded, so it must not need antd (scripts/check-initial-bundle.ts).
 */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="plain-spin" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span>{label ?? t('states.loading')}</span>
    </div>
  );
}
