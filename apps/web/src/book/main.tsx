import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingPage } from './booking-page.tsx';
import { initialLocale, type BookLocale } from './book-i18n.ts';
import './book.css';

/** /book/{idName}: the public booking page, its own entry (no antd, no i18next: a small bundle for phones). */
function BookApp() {
  const [locale, setLocale] = useState<BookLocale>(initialLocale);
  const idName = decodeURIComponent(window.location.pathname.replace(/^\/book\/?/, '').split('/')[0] ?? '');
  document.documentElement.lang = locale;
  return <BookingPage idName={idName} locale={locale} onLocaleChange={setLocale} />;
}

const container = document.getElementById('book-root');
if (!container) throw new Error('#book-root is missing from book.html');
createRoot(container).render(
  <StrictMode>
    <BookApp />
  </StrictMode>,
);
