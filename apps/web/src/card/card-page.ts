import type { PublicCard } from '@lodestar/contract';
import { renderBusinessCard, themeStyle } from '../shared/business-card/business-card.ts';
import { publicLanguageNames, publicLocales, type PublicLocale, type Translate } from '../shared/public-page/public-i18n.ts';
import { PublicApiError } from '../shared/public-page/public-api.ts';
import { fetchCard } from './card-api.ts';
import { cardTranslator, saveCardLocale } from './card-i18n.ts';
import { el } from './dom.ts';
import { exchangeForm } from './exchange-form.ts';

function labels(t: Translate) {
  return {
    phoneTypes: { mobile: t('labels.phoneTypes.mobile'), work: t('labels.phoneTypes.work'), fax: t('labels.phoneTypes.fax'), other: t('labels.phoneTypes.other') },
    email: t('labels.email'),
    address: t('labels.address'),
    line: t('labels.line'),
    video: t('labels.video'),
  };
}

/**
 * The public business card: the owner's card in its theme, then Save contact (vCard), Book a time (the public
 * booking page), Exchange cards and Share. Rendered with the DOM (shared/business-card's HTML for the card).
 */
export class CardPage {
  private t: Translate;
  private card: PublicCard | null = null;
  private readonly main = el('main', { class: 'card-page__main' });
  private readonly footer = el('footer', { class: 'card-page__footer' });
  private readonly picker = el('select');

  constructor(
    private readonly root: HTMLElement,
    private readonly slug: string,
    private locale: PublicLocale,
  ) {
    this.t = cardTranslator(locale);
    for (const l of publicLocales) this.picker.append(el('option', { value: l }, [publicLanguageNames[l]]));
    this.picker.value = locale;
    this.picker.addEventListener('change', () => {
      this.locale = this.picker.value as PublicLocale;
      saveCardLocale(this.locale);
      this.t = cardTranslator(this.locale);
      this.load();
    });
    const language = el('label', { class: 'card-language' }, [el('span', { class: 'public-sr-only', 'data-role': 'language' }), this.picker]);
    root.replaceChildren(el('div', { class: 'card-page' }, [el('div', { class: 'card-page__bar' }, [language]), this.main, this.footer]));
  }

  /** (Re)loads the card in the current language. */
  load(): void {
    document.documentElement.lang = this.locale;
    this.root.querySelector('[data-role="language"]')!.textContent = this.t('language');
    this.footer.textContent = this.t('footer');
    this.main.replaceChildren(el('p', { class: 'card-page__status', role: 'status' }, [this.t('loading')]));
    fetchCard(this.slug, this.locale).then(
      (card) => this.show(card),
      (error: unknown) => (error instanceof PublicApiError && error.status === 404 ? this.missing() : this.failed()),
    );
  }

  private missing(): void {
    this.main.replaceChildren(el('section', { class: 'card-page__message' }, [el('h1', {}, [this.t('notFound.title')]), el('p', {}, [this.t('notFound.body')])]));
  }

  private failed(): void {
    const retry = el('button', { type: 'button', class: 'card-button card-button--primary' }, [this.t('retry')]);
    retry.addEventListener('click', () => this.load());
    this.main.replaceChildren(el('section', { class: 'card-page__message', role: 'alert' }, [el('p', {}, [this.t('networkError')]), retry]));
  }

  private show(card: PublicCard): void {
    const { t } = this;
    this.card = card;
    document.title = [card.displayName, card.company].filter(Boolean).join(' · ');
    document.body.setAttribute('style', `${themeStyle(card.theme)};background:${card.theme.colors.page};color:${card.theme.colors.text}`);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', card.theme.colors.accent);
    this.main.innerHTML = renderBusinessCard({ name: card.displayName, card, theme: card.theme, photoUrl: card.photoUrl, labels: labels(t) });
    const actions = this.main.querySelector('.bcard__actions')!;
    const exchange = el('button', { type: 'button', class: 'card-button' }, [t('actions.exchange')]);
    const share = el('button', { type: 'button', class: 'card-button card-button--quiet' }, [t('actions.share')]);
    const copied = el('p', { class: 'card-page__copied', role: 'status' });
    actions.append(
      el('a', { class: 'card-button card-button--primary', href: card.vcardPath, download: '', 'data-testid': 'card-save-contact' }, [t('actions.save')]),
      ...(card.bookingPath ? [el('a', { class: 'card-button', href: card.bookingPath }, [t('actions.book')])] : []),
      exchange,
      share,
      copied,
    );
    exchange.addEventListener('click', () => {
      const form = exchangeForm({ slug: this.slug, ownerName: card.displayName, locale: this.locale, t, onCancel: () => form.replaceWith(exchange) });
      exchange.replaceWith(form);
    });
    share.addEventListener('click', () => void this.share(copied));
  }

  private async share(status: HTMLElement): Promise<void> {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: this.card?.displayName, url });
        return;
      } catch {
        // Cancelled or refused: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = this.t('actions.copied');
      window.setTimeout(() => (status.textContent = ''), 2500);
    } catch {
      // No clipboard either: the address bar still has the link.
    }
  }
}
