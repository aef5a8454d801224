import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#f5b942" />
      <path d="M16 4l3 9 9 3-9 3-3 9-3-9-9-3 9-3z" fill="#0f2a44" />
    </svg>
  );
}

/** The logo; in app headers it links to the organization redirect (docs/product.md#screens). */
export function BrandLogo({ to = '/org/redirect', tone = 'light' }: { to?: string | null; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation('common');
  const content = (
    <span className={`brand-logo brand-logo--${tone}`}>
      <BrandMark />
      <span className="brand-logo__name">{t('productName')}</span>
    </span>
  );
  if (!to) return content;
  return (
    <Link to={to} aria-label={t('layout.logoLink')} className="brand-logo__link">
      {content}
    </Link>
  );
}
