import type { CardSaveInput, CardTheme } from '@lodestar/contract';
import './business-card.css';

/**
 * The one business card renderer (docs/product.md#business-cards): the staff preview (features/cards, through a
 * small React wrapper) and the public page (src/card) show the same markup from the card's content and its theme
 * (colours, font, layout). A pure function returning HTML with every value escaped: the public card bundle has no
 * React (react-dom alone is over its 60 KB budget), no UI library and no i18next — the caller passes the words.
 */
export interface BusinessCardLabels {
  phoneTypes: Record<string, string>;
  email: string;
  address: string;
  line: string;
  video: string;
}

export type BusinessCardContent = Pick<CardSaveInput, 'title' | 'company' | 'phones' | 'email' | 'address' | 'links' | 'intro' | 'videoUrl' | 'lineId'>;

export interface BusinessCardInput {
  /** The display name by the one name rule (the contract's fullName; the public answer's displayName). */
  name: string;
  card: BusinessCardContent;
  theme: CardTheme;
  photoUrl: string | null;
  labels: BusinessCardLabels;
  /** A smaller rendering for the theme store's tiles. */
  compact?: boolean;
  /** The name's heading level: 1 on the public page, lower inside the staff pages. */
  heading?: 1 | 2 | 3;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const cjkOnly = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\s]+$/u;

function initialsOf(name: string): string {
  const chars = [...name.replace(/\s+/g, '')];
  return cjkOnly.test(name) ? chars.slice(-2).join('') : name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();
}

const icons: Record<string, string> = {
  phone: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z',
  email: 'M3 5h18c.6 0 1 .4 1 1v12c0 .6-.4 1-1 1H3a1 1 0 0 1-1-1V6c0-.6.4-1 1-1zm9 7.2L4 7.4V17h16V7.4zm0-2.3L19.2 7H4.8z',
  address: 'M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z',
  line: 'M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3 0 .7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 6-3.5 8.2-6A7 7 0 0 0 22 11c0-4.4-4.5-8-10-8z',
  link: 'M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.3 4.2l-2 2a1 1 0 1 1-1.4-1.4l2-2a1 1 0 1 0-1.5-1.4L12 13.4a1 1 0 0 1-1.4 0zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.3-4.2l2-2a1 1 0 0 1 1.4 1.4l-2 2a1 1 0 1 0 1.5 1.4l3.5-3.5a1 1 0 0 1 1.4 0z',
  video: 'M4 5h11c.6 0 1 .4 1 1v3.5l4.3-2.6c.3-.2.7 0 .7.4v9.4c0 .4-.4.6-.7.4L16 14.5V18c0 .6-.4 1-1 1H4a1 1 0 0 1-1-1V6c0-.6.4-1 1-1z',
};

function row(icon: string, label: string, value: string, href: string): string {
  const external = href.startsWith('http') ? ' target="_blank" rel="noopener noreferrer"' : '';
  return (
    `<li class="bcard__row"><a href="${escapeHtml(href)}"${external}>` +
    `<span class="bcard__icon" aria-hidden="true"><svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor"><path d="${icons[icon]}"/></svg></span>` +
    `<span class="bcard__row-text"><span class="bcard__row-label">${escapeHtml(label)}</span><span class="bcard__row-value">${escapeHtml(value)}</span></span></a></li>`
  );
}

const bare = (url: string) => url.replace(/^https?:\/\//, '');

/** The theme's colours as the card's custom properties (also set on the public page's body). */
export function themeStyle(theme: CardTheme): string {
  const c = theme.colors;
  return `--bc-page:${c.page};--bc-card:${c.card};--bc-text:${c.text};--bc-muted:${c.muted};--bc-accent:${c.accent};--bc-on-accent:${c.onAccent}`;
}

/** The card as HTML: an `<article class="bcard">` whose last child `.bcard__actions` is left for the caller's buttons. */
export function renderBusinessCard({ name, card, theme, photoUrl, labels, compact = false, heading = 1 }: BusinessCardInput): string {
  const e = escapeHtml;
  const classes = `bcard bcard--${theme.layout} bcard--${theme.font}${theme.dark ? ' bcard--dark' : ''}${compact ? ' bcard--compact' : ''}`;
  const lineId = card.lineId?.trim();
  const rows = [
    ...(card.phones ?? []).map((p) => row('phone', labels.phoneTypes[p.type] ?? p.type, p.value, `tel:${p.value.replace(/[^0-9+]/g, '')}`)),
    card.email ? row('email', labels.email, card.email, `mailto:${card.email}`) : '',
    card.address ? row('address', labels.address, card.address, `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(card.address)}`) : '',
    lineId ? row('line', labels.line, lineId, `https://line.me/R/ti/p/${encodeURIComponent(lineId.startsWith('@') ? lineId : `~${lineId}`)}`) : '',
    card.videoUrl ? row('video', labels.video, bare(card.videoUrl), card.videoUrl) : '',
    ...(card.links ?? []).map((l) => row('link', l.label || bare(l.url).split('/')[0]!, bare(l.url), l.url)),
  ].join('');
  const photo = photoUrl ? `<img src="${e(photoUrl)}" alt="">` : `<span aria-hidden="true">${e(initialsOf(name || '?'))}</span>`;
  return (
    `<article class="${classes}" style="${themeStyle(theme)}" data-theme="${e(theme.id)}" aria-label="${e(name)}">` +
    `<header class="bcard__head"><div class="bcard__band" aria-hidden="true"></div><div class="bcard__photo">${photo}</div>` +
    `<div class="bcard__who"><h${heading} class="bcard__name">${e(name)}</h${heading}>` +
    (card.title ? `<p class="bcard__title">${e(card.title)}</p>` : '') +
    (card.company ? `<p class="bcard__company">${e(card.company)}</p>` : '') +
    `</div></header>` +
    (card.intro ? `<p class="bcard__intro">${e(card.intro)}</p>` : '') +
    (rows ? `<ul class="bcard__rows">${rows}</ul>` : '') +
    `<div class="bcard__actions"></div></article>`
  );
}
