import { formatQuoteAmount, type PublicQuote } from '@lodestar/contract';
import { publicLanguageNames, publicLocales, type PublicLocale, type Translate } from '../shared/public-page/public-i18n.ts';
import { el } from '../card/dom.ts';
import { PublicApiError } from '../shared/public-page/public-api.ts';
import { acceptQuote, declineQuote, fetchQuote, logoPath, pdfPath } from './quote-api.ts';
import { quoteTranslator, saveQuoteLocale } from './quote-i18n.ts';
import { signaturePad } from './signature-pad.ts';

const money = (value: string) => `NT$ ${formatQuoteAmount(value)}`;

/** The customer's quote: the document, its PDF, and Accept (name, title, drawn signature) or Decline (reason). */
export class QuotePage {
  private t: Translate;
  private quote: PublicQuote | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly token: string,
    private locale: PublicLocale,
  ) {
    this.t = quoteTranslator(locale);
  }

  load(): void {
    document.documentElement.lang = this.locale;
    this.root.replaceChildren(el('p', { class: 'quote-status', role: 'status' }, [this.t('loading')]));
    fetchQuote(this.token, this.locale).then(
      (quote) => {
        this.quote = quote;
        this.render();
      },
      (error: unknown) => this.failed(error),
    );
  }

  private failed(error: unknown): void {
    const missing = error instanceof PublicApiError && (error.status === 404 || error.status === 400);
    const retry = el('button', { type: 'button', class: 'quote-button' }, [this.t('retry')]);
    retry.addEventListener('click', () => this.load());
    this.root.replaceChildren(
      el('main', { class: 'quote-page quote-page--message' }, [
        el('h1', {}, [missing ? this.t('notFound.title') : this.t('networkError')]),
        ...(missing ? [el('p', {}, [this.t('notFound.body')])] : [retry]),
      ]),
    );
  }

  private languagePicker(): HTMLElement {
    const select = el('select', { 'aria-label': this.t('language') }, publicLocales.map((l) => el('option', { value: l, ...(l === this.locale ? { selected: '' } : {}) }, [publicLanguageNames[l]])));
    select.addEventListener('change', () => {
      this.locale = select.value as PublicLocale;
      saveQuoteLocale(this.locale);
      this.t = quoteTranslator(this.locale);
      document.documentElement.lang = this.locale;
      this.render();
    });
    return el('label', { class: 'quote-language' }, [el('span', { class: 'public-sr-only' }, [this.t('language')]), select]);
  }

  private render(): void {
    const q = this.quote!;
    const { t } = this;
    document.title = `${t('title')} ${q.number} · ${q.seller.name}`;
    const party = (rows: [string, string | null][]) => el('dl', { class: 'quote-party' }, rows.filter(([, v]) => v).flatMap(([k, v]) => [el('dt', {}, [k]), el('dd', {}, [v!])]));
    const lines = el(
      'ol',
      { class: 'quote-lines', 'aria-label': t('lines') },
      q.lines.map((line) =>
        el('li', { class: `quote-line${line.optional ? ' quote-line--optional' : ''}` }, [
          el('div', { class: 'quote-line__name' }, [line.name, ...(line.optional ? [el('span', { class: 'quote-tag' }, [t('optional')])] : [])]),
          ...(line.description ? [el('div', { class: 'quote-line__description' }, [line.description])] : []),
          el('div', { class: 'quote-line__figures' }, [
            el('span', {}, [`${formatQuoteAmount(line.unitPrice)} × ${line.quantity}${line.discountPercent ? ` · −${line.discountPercent}%` : ''}`]),
            el('strong', {}, [formatQuoteAmount(line.amount)]),
          ]),
        ]),
      ),
    );
    const totals = el('dl', { class: 'quote-totals' }, [
      el('dt', {}, [t('subtotal')]),
      el('dd', {}, [money(q.subtotal)]),
      ...(q.taxMode === 'none' ? [] : [el('dt', {}, [t('tax')]), el('dd', {}, [money(q.tax)])]),
      el('dt', { class: 'quote-totals__total' }, [t('total')]),
      el('dd', { class: 'quote-totals__total', 'data-testid': 'quote-total' }, [money(q.total)]),
    ]);
    this.root.replaceChildren(
      el('main', { class: 'quote-page' }, [
        el('div', { class: 'quote-bar' }, [this.languagePicker()]),
        el('article', { class: 'quote-sheet' }, [
          el('header', { class: 'quote-head' }, [
            // The logo is decorative: the seller's name follows it as text.
            ...(q.seller.hasLogo ? [el('img', { class: 'quote-logo', src: logoPath(this.token), alt: '', 'data-testid': 'quote-logo' })] : []),
            el('p', { class: 'quote-seller' }, [q.seller.name]),
            el('h1', {}, [`${t('title')} ${q.number}`, el('small', {}, [` v${q.version}`])]),
            ...(q.title ? [el('p', { class: 'quote-subject' }, [q.title])] : []),
            party([
              [t('issuedOn'), q.issuedOn],
              [t('validUntil'), q.validUntil],
              [t('sellerTaxId'), q.seller.taxId],
            ]),
          ]),
          ...(q.buyer.companyName || q.buyer.contactName
            ? [
                el('section', { 'aria-label': t('buyer') }, [
                  el('h2', {}, [t('buyer')]),
                  party([
                    [t('company'), q.buyer.companyName],
                    [t('taxId'), q.buyer.taxId],
                    [t('contact'), q.buyer.contactName],
                  ]),
                ]),
              ]
            : []),
          lines,
          totals,
          el('p', { class: 'quote-words' }, [`${t('totalInWords')}：${q.totalInWords}`]),
          el('p', { class: 'quote-tax-note' }, [t(`taxModes.${q.taxMode}`)]),
          ...(q.terms ? [el('section', { class: 'quote-terms' }, [el('h2', {}, [t('terms')]), el('p', {}, [q.terms])])] : []),
          el('a', { class: 'quote-button quote-button--quiet', href: pdfPath(this.token), target: '_blank', rel: 'noopener' }, [t('downloadPdf')]),
        ]),
        this.answerArea(q),
      ]),
    );
  }

  private answerArea(q: PublicQuote): HTMLElement {
    const { t } = this;
    const box = el('section', { class: 'quote-answer', 'aria-live': 'polite' });
    if (q.status === 'accepted') box.append(el('p', { class: 'quote-done', role: 'status' }, [t('accepted', { name: q.acceptedName ?? '' })]));
    else if (q.status === 'declined') box.append(el('p', { class: 'quote-done', role: 'status' }, [t('declined')]));
    else if (q.status === 'superseded') box.append(el('p', { class: 'quote-problem' }, [t('superseded')]));
    else if (q.answerable === 'expired') box.append(el('p', { class: 'quote-problem' }, [t('expired', { date: q.validUntil })]));
    else if (q.answerable === 'open') {
      const accept = el('button', { type: 'button', class: 'quote-button quote-button--primary' }, [t('accept')]);
      const decline = el('button', { type: 'button', class: 'quote-button' }, [t('decline')]);
      accept.addEventListener('click', () => box.replaceChildren(this.acceptForm(box)));
      decline.addEventListener('click', () => box.replaceChildren(this.declineForm(box)));
      box.append(el('div', { class: 'quote-actions' }, [decline, accept]));
    }
    return box;
  }

  private submit(button: HTMLButtonElement, problem: HTMLElement, send: () => Promise<PublicQuote>): void {
    button.disabled = true;
    send().then(
      (quote) => {
        this.quote = quote;
        this.render();
      },
      (error: unknown) => {
        button.disabled = false;
        problem.textContent = error instanceof PublicApiError && error.message ? error.message : this.t('networkError');
      },
    );
  }

  private acceptForm(box: HTMLElement): HTMLElement {
    const { t } = this;
    const name = el('input', { autocomplete: 'name', maxlength: '100', required: '', name: 'name' });
    const title = el('input', { autocomplete: 'organization-title', maxlength: '100', name: 'title' });
    const pad = signaturePad({ label: t('signature'), clear: t('clearSignature') });
    const problem = el('p', { class: 'quote-problem', role: 'alert' });
    const confirm = el('button', { type: 'submit', class: 'quote-button quote-button--primary' }, [t('confirmAccept')]);
    const cancel = el('button', { type: 'button', class: 'quote-button quote-button--quiet' }, [t('cancel')]);
    const form = el('form', { class: 'quote-form', novalidate: '' }, [
      el('h2', {}, [t('acceptTitle')]),
      el('label', {}, [el('span', {}, [t('yourName')]), name]),
      el('label', {}, [el('span', {}, [t('yourTitle')]), title]),
      pad.element,
      el('p', { class: 'quote-hint' }, [t('acceptHint', { total: money(this.quote!.total) })]),
      problem,
      el('div', { class: 'quote-actions' }, [cancel, confirm]),
    ]);
    cancel.addEventListener('click', () => box.replaceWith(this.answerArea(this.quote!)));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!name.value.trim()) return void (problem.textContent = t('nameRequired'));
      this.submit(confirm, problem, () => acceptQuote(this.token, { name: name.value, title: title.value || null, signature: pad.value() }, this.locale));
    });
    queueMicrotask(() => name.focus());
    return form;
  }

  private declineForm(box: HTMLElement): HTMLElement {
    const { t } = this;
    const reason = el('textarea', { rows: '3', maxlength: '1000', required: '', name: 'reason' });
    const problem = el('p', { class: 'quote-problem', role: 'alert' });
    const confirm = el('button', { type: 'submit', class: 'quote-button quote-button--danger' }, [t('confirmDecline')]);
    const cancel = el('button', { type: 'button', class: 'quote-button quote-button--quiet' }, [t('cancel')]);
    const form = el('form', { class: 'quote-form', novalidate: '' }, [
      el('h2', {}, [t('declineTitle')]),
      el('label', {}, [el('span', {}, [t('reason')]), reason]),
      problem,
      el('div', { class: 'quote-actions' }, [cancel, confirm]),
    ]);
    cancel.addEventListener('click', () => box.replaceWith(this.answerArea(this.quote!)));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!reason.value.trim()) return void (problem.textContent = t('reasonRequired'));
      this.submit(confirm, problem, () => declineQuote(this.token, { reason: reason.value }, this.locale));
    });
    queueMicrotask(() => reason.focus());
    return form;
  }
}
