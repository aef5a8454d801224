import type { CSSProperties, ReactNode } from 'react';
import type { CardSaveInput, CardTheme } from '@lodestar/contract';
import './business-card.css';

/**
 * The one business card component (docs/product.md#business-cards): the staff preview (features/cards) and the
 * public page (src/card) render the same markup from the card's content and its theme (colours, font, layout).
 * Plain React and CSS: it is part of the public card bundle, so no UI library and no i18next — the caller passes
 * the few words it shows.
 */
export interface BusinessCardLabels {
  phoneTypes: Record<string, string>;
  email: string;
  address: string;
  line: string;
  video: string;
}

export type BusinessCardContent = Pick<CardSaveInput, 'title' | 'company' | 'phones' | 'email' | 'address' | 'links' | 'intro' | 'videoUrl' | 'lineId'>;

export interface BusinessCardProps {
  /** The display name by the one name rule (the contract's fullName; the public answer's displayName). */
  name: string;
  card: BusinessCardContent;
  theme: CardTheme;
  photoUrl: string | null;
  labels: BusinessCardLabels;
  /** Buttons under the card's content (the public page's Save contact, Book a time, Exchange cards). */
  children?: ReactNode;
  /** A smaller rendering for the theme store's tiles. */
  compact?: boolean;
}

const cjkOnly = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\s]+$/u;

function initialsOf(name: string): string {
  const chars = [...name.replace(/\s+/g, '')];
  return cjkOnly.test(name) ? chars.slice(-2).join('') : name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();
}

const icons: Record<string, ReactNode> = {
  phone: <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z" />,
  email: <path d="M3 5h18c.6 0 1 .4 1 1v12c0 .6-.4 1-1 1H3a1 1 0 0 1-1-1V6c0-.6.4-1 1-1zm9 7.2L4 7.4V17h16V7.4zm0-2.3L19.2 7H4.8z" />,
  address: <path d="M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z" />,
  line: <path d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3 0 .7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 6-3.5 8.2-6A7 7 0 0 0 22 11c0-4.4-4.5-8-10-8z" />,
  link: <path d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.3 4.2l-2 2a1 1 0 1 1-1.4-1.4l2-2a1 1 0 1 0-1.5-1.4L12 13.4a1 1 0 0 1-1.4 0zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.3-4.2l2-2a1 1 0 0 1 1.4 1.4l-2 2a1 1 0 1 0 1.5 1.4l3.5-3.5a1 1 0 0 1 1.4 0z" />,
  video: <path d="M4 5h11c.6 0 1 .4 1 1v3.5l4.3-2.6c.3-.2.7 0 .7.4v9.4c0 .4-.4.6-.7.4L16 14.5V18c0 .6-.4 1-1 1H4a1 1 0 0 1-1-1V6c0-.6.4-1 1-1z" />,
};

function Row({ icon, label, value, href }: { icon: string; label: string; value: string; href?: string }) {
  const body = (
    <>
      <span className="bcard__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
          {icons[icon]}
        </svg>
      </span>
      <span className="bcard__row-text">
        <span className="bcard__row-label">{label}</span>
        <span className="bcard__row-value">{value}</span>
      </span>
    </>
  );
  return (
    <li className="bcard__row">
      {href ? (
        <a href={href} target={href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
          {body}
        </a>
      ) : (
        <div>{body}</div>
      )}
    </li>
  );
}

export function BusinessCard({ name, card, theme, photoUrl, labels, children, compact = false }: BusinessCardProps) {
  const { colors } = theme;
  const style = {
    '--bc-page': colors.page,
    '--bc-card': colors.card,
    '--bc-text': colors.text,
    '--bc-muted': colors.muted,
    '--bc-accent': colors.accent,
    '--bc-on-accent': colors.onAccent,
  } as CSSProperties;
  const lineId = card.lineId?.trim();
  return (
    <article
      className={`bcard bcard--${theme.layout} bcard--${theme.font}${theme.dark ? ' bcard--dark' : ''}${compact ? ' bcard--compact' : ''}`}
      style={style}
      data-theme={theme.id}
      aria-label={name}
    >
      <header className="bcard__head">
        <div className="bcard__band" aria-hidden="true" />
        <div className="bcard__photo">{photoUrl ? <img src={photoUrl} alt="" /> : <span aria-hidden="true">{initialsOf(name || '?')}</span>}</div>
        <div className="bcard__who">
          <h1 className="bcard__name">{name}</h1>
          {card.title ? <p className="bcard__title">{card.title}</p> : null}
          {card.company ? <p className="bcard__company">{card.company}</p> : null}
        </div>
      </header>
      {card.intro ? <p className="bcard__intro">{card.intro}</p> : null}
      <ul className="bcard__rows">
        {(card.phones ?? []).map((phone, index) => (
          <Row key={`p${index}`} icon="phone" label={labels.phoneTypes[phone.type] ?? phone.type} value={phone.value} href={`tel:${phone.value.replace(/[^0-9+]/g, '')}`} />
        ))}
        {card.email ? <Row icon="email" label={labels.email} value={card.email} href={`mailto:${card.email}`} /> : null}
        {card.address ? <Row icon="address" label={labels.address} value={card.address} href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(card.address)}`} /> : null}
        {lineId ? <Row icon="line" label={labels.line} value={lineId} href={`https://line.me/R/ti/p/${encodeURIComponent(lineId.startsWith('@') ? lineId : `~${lineId}`)}`} /> : null}
        {card.videoUrl ? <Row icon="video" label={labels.video} value={card.videoUrl.replace(/^https?:\/\//, '')} href={card.videoUrl} /> : null}
        {(card.links ?? []).map((link, index) => (
          <Row key={`l${index}`} icon="link" label={link.label || link.url.replace(/^https?:\/\//, '').split('/')[0]!} value={link.url.replace(/^https?:\/\//, '')} href={link.url} />
        ))}
      </ul>
      {children ? <div className="bcard__actions">{children}</div> : null}
    </article>
  );
}
