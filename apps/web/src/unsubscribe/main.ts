import { initialPublicLocale } from '../shared/public-page/public-i18n.ts';
import { UnsubscribePage } from './unsubscribe-page.ts';
import '../shared/public-page/public-page.css';
import './unsubscribe.css';

/** /unsubscribe?t={token}: a marketing e-mail's unsubscribe link — its own tiny entry, no React, no antd (like /q). */
const container = document.getElementById('unsubscribe-root');
if (!container) throw new Error('#unsubscribe-root is missing from unsubscribe.html');
const token = new URLSearchParams(window.location.search).get('t') ?? '';
new UnsubscribePage(container, token, initialPublicLocale('lodestar.unsubscribeLanguage')).load();
