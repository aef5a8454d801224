import { useEffect, useMemo, useState } from 'react';
import type { PublicCard } from '@lodestar/contract';
import { BusinessCard } from '../shared/business-card/business-card.tsx';
import { publicLanguageNames, publicLocales, type PublicLocale, type Translate } from '../shared/public-page/public-i18n.ts';
import { CardError, fetchCard } from './card-api.ts';
import { cardTranslator } from './card-i18n.ts';
import { ExchangeForm } from './exchange-form.tsx';

interface Props {
  slug: string;
  locale: PublicLocale;
  onLocaleChange: (locale: PublicLocale) => void;
}

type State = { kind: 'loading' } | { kind: 'ready'; card: PublicCard } | { kind: 'missing' } | { kind: 'failed' };

export function cardLabels(t: Translate) {
  return {
    phoneTypes: { mobile: t('labels.phoneTypes.mobile'), work: t('labels.phoneTypes.work'), fax: t('labels.phoneTypes.fax'), other: t('labels.phoneTypes.other') },
    email: t('labels.email'),
    address: t('labels.address'),
    line: t('labels.line'),
    video: t('labels.video'),
  };
}

function LanguagePicker({ locale, onChange, t }: { locale: PublicLocale; onChange: (l: PublicLocale) => void; t: Translate }) {
  return (
    <label className="card-language">
      <span className="card-sr-only">{t('language')}</span>
      <select value={locale} onChange={(e) => onChange(e.target.value as PublicLocale)}>
        {publicLocales.map((l) => (
          <option key={l} value={l}>
            {publicLanguageNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The public business card: the owner's card in its theme, Save contact (vCard), Book a time, Exchange cards, Share. */
export function CardPage({ slug, locale, onLocaleChange }: Props) {
  const t = useMemo(() => cardTranslator(locale), [locale]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [exchanging, setExchanging] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchCard(slug, locale, controller.signal).then(
      (card) => setState({ kind: 'ready', card }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setState({ kind: error instanceof CardError && error.status === 404 ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [slug, locale, attempt]);

  const card = state.kind === 'ready' ? state.card : null;
  useEffect(() => {
    if (!card) return;
    document.title = [card.displayName, card.company].filter(Boolean).join(' · ');
    document.body.style.background = card.theme.colors.page;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', card.theme.colors.accent);
  }, [card]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: card?.displayName, url });
        return;
      } catch {
        // Cancelled or refused: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      // No clipboard either: the address bar still has the link.
    }
  };

  return (
    <div className={`card-page${card?.theme.dark ? ' card-page--dark' : ''}`} style={card ? { background: card.theme.colors.page, color: card.theme.colors.text } : undefined}>
      <div className="card-page__bar">
        <LanguagePicker locale={locale} onChange={onLocaleChange} t={t} />
      </div>
      <main className="card-page__main">
        {state.kind === 'loading' ? (
          <p className="card-page__status" role="status">
            {t('loading')}
          </p>
        ) : null}
        {state.kind === 'missing' ? (
          <section className="card-page__message">
            <h1>{t('notFound.title')}</h1>
            <p>{t('notFound.body')}</p>
          </section>
        ) : null}
        {state.kind === 'failed' ? (
          <section className="card-page__message" role="alert">
            <p>{t('networkError')}</p>
            <button type="button" className="card-button card-button--primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          </section>
        ) : null}
        {card ? (
          <BusinessCard name={card.displayName} card={card} theme={card.theme} photoUrl={card.photoUrl} labels={cardLabels(t)}>
            <a className="card-button card-button--primary" href={card.vcardPath} download data-testid="card-save-contact">
              {t('actions.save')}
            </a>
            {card.bookingPath ? (
              <a className="card-button" href={card.bookingPath}>
                {t('actions.book')}
              </a>
            ) : null}
            {exchanging ? (
              <ExchangeForm slug={slug} ownerName={card.displayName} locale={locale} t={t} onCancel={() => setExchanging(false)} />
            ) : (
              <button type="button" className="card-button" onClick={() => setExchanging(true)}>
                {t('actions.exchange')}
              </button>
            )}
            <button type="button" className="card-button card-button--quiet" onClick={() => void share()}>
              {t('actions.share')}
            </button>
            <p className="card-page__copied" role="status">
              {copied ? t('actions.copied') : ''}
            </p>
          </BusinessCard>
        ) : null}
      </main>
      <footer className="card-page__footer">{t('footer')}</footer>
    </div>
  );
}
