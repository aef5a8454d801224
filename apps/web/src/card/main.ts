import { CardPage } from './card-page.ts';
import { initialCardLocale } from './card-i18n.ts';
import '../shared/public-page/public-page.css';
import './card.css';

/** /card/{slug}: the public business card, its own entry — no React, no antd, no i18next: a tiny bundle for phones. */
const container = document.getElementById('card-root');
if (!container) throw new Error('#card-root is missing from card.html');
const slug = decodeURIComponent(window.location.pathname.replace(/^\/card\/?/, '').split('/')[0] ?? '');
new CardPage(container, slug, initialCardLocale()).load();
