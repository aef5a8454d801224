import { makeTranslator, publicLanguageNames, publicLocales, savePublicLocale, type PublicLocale, type Translate } from '../shared/public-page/public-i18n.ts';
import { PublicApiError } from '../shared/public-page/public-api.ts';
import { el } from '../card/dom.ts';
import zhTW from './i18n/zh-TW.json';
import zhCN from './i18n/zh-CN.json';
import enUS from './i18n/en-US.json';
import { checkLink, unsubscribe } from './unsubscribe-api.ts';

const catalogs: Record<PublicLocale, typeof zhTW> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };

/**
 * The unsubscribe page (Taiwan PDPA article 20): who is asking (the workspace's name) and one button; after it, a
 * confirmation. One click more than a bare GET, so mail scanners that open links do not unsubscribe anyone.
 */
export class UnsubscribePage {
  private t: Translate;
  private workspaceName = '';
  private done = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly token: string,
    private locale: PublicLocale,
  ) {
    this.t = makeTranslator(catalogs[locale]);
  }

  load(): void {
    document.documentElement.lang = this.locale;
    this.root.replaceChildren(el('p', { class: 'unsubscribe-status', role: 'status' }, [this.t('loading')]));
    checkLink(this.token, this.locale).then(
      (answer) => {
        this.workspaceName = answer.workspaceName;
        this.done = answer.done;
        this.render();
      },
      (error: unknown) => this.failed(error),
    );
  }

  private failed(error: unknown): void {
    const missing = error instanceof PublicApiError && (error.status === 404 || error.status === 400);
    const retry = el('button', { type: 'button', class: 'unsubscribe-button' }, [this.t('retry')]);
    retry.addEventListener('click', () => this.load());
    this.root.replaceChildren(
      this.page([el('h1', {}, [missing ? this.t('notFound.title') : this.t('networkError')]), ...(missing ? [el('p', {}, [this.t('notFound.body')])] : [retry])]),
    );
  }

  private languagePicker(): HTMLElement {
    const select = el('select', { 'aria-label': this.t('language') }, publicLocales.map((l) => el('option', { value: l, ...(l === this.locale ? { selected: '' } : {}) }, [publicLanguageNames[l]])));
    select.addEventListener('change', () => {
      this.locale = select.value as PublicLocale;
      savePublicLocale('lodestar.unsubscribeLanguage', this.locale);
      this.t = makeTranslator(catalogs[this.locale]);
      document.documentElement.lang = this.locale;
      this.render();
    });
    return el('label', { class: 'unsubscribe-language' }, [el('span', { class: 'public-sr-only' }, [this.t('language')]), select]);
  }

  private page(children: HTMLElement[]): HTMLElement {
    return el('main', { class: 'unsubscribe-page' }, [this.languagePicker(), el('section', { class: 'unsubscribe-card' }, children)]);
  }

  private render(): void {
    const name = this.workspaceName;
    if (this.done) {
      this.root.replaceChildren(this.page([el('h1', {}, [this.t('done.title')]), el('p', {}, [this.t('done.body', { name })])]));
      return;
    }
    const button = el('button', { type: 'button', class: 'unsubscribe-button' }, [this.t('confirm')]);
    button.addEventListener('click', () => {
      button.setAttribute('disabled', '');
      unsubscribe(this.token, this.locale).then(
        () => {
          this.done = true;
          this.render();
        },
        (error: unknown) => this.failed(error),
      );
    });
    this.root.replaceChildren(this.page([el('h1', {}, [this.t('title')]), el('p', {}, [this.t('body', { name })]), button, el('p', { class: 'unsubscribe-note' }, [this.t('note')])]));
  }
}
