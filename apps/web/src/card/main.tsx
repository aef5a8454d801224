import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicLocale } from '../shared/public-page/public-i18n.ts';
import { CardPage } from './card-page.tsx';
import { initialCardLocale, saveCardLocale } from './card-i18n.ts';
import './card.css';

/** /card/{slug}: the public business card, its own entry (no antd, no i18next: a small bundle for phones). */
function CardApp() {
  const [locale, setLocale] = useState<PublicLocale>(initialCardLocale);
  const slug = decodeURIComponent(window.location.pathname.replace(/^\/card\/?/, '').split('/')[0] ?? '');
  document.documentElement.lang = locale;
  return (
    <CardPage
      slug={slug}
      locale={locale}
      onLocaleChange={(next) => {
        saveCardLocale(next);
        setLocale(next);
      }}
    />
  );
}

const container = document.getElementById('card-root');
if (!container) throw new Error('#card-root is missing from card.html');
createRoot(container).render(
  <StrictMode>
    <CardApp />
  </StrictMode>,
);
