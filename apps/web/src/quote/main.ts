import { initialQuoteLocale } from './quote-i18n.ts';
import { QuotePage } from './quote-page.ts';
import '../shared/public-page/public-page.css';
import './quote.css';

/** /q/{token}: the customer's quote page, its own entry — no React, no antd, no i18next: a tiny bundle for phones. */
const container = document.getElementById('quote-root');
if (!container) throw new Error('#quote-root is missing from quote.html');
const token = decodeURIComponent(window.location.pathname.replace(/^\/q\/?/, '').split('/')[0] ?? '');
new QuotePage(container, token, initialQuoteLocale()).load();
