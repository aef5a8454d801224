import type { PublicLocale, Translate } from '../shared/public-page/public-i18n.ts';
import { PublicApiError } from '../shared/public-page/public-api.ts';
import { exchangeCards } from './card-api.ts';
import { el } from './dom.ts';

function field(label: string, control: HTMLInputElement | HTMLTextAreaElement): HTMLLabelElement {
  return el('label', {}, [el('span', {}, [label]), control]);
}

/** "Exchange cards": the visitor's name and a phone or an e-mail, sent to the owner (a contact of theirs). */
export function exchangeForm(input: { slug: string; ownerName: string; locale: PublicLocale; t: Translate; onCancel: () => void }): HTMLElement {
  const { t } = input;
  const name = el('input', { autocomplete: 'name', maxlength: '100', required: '' });
  const phone = el('input', { type: 'tel', autocomplete: 'tel', inputmode: 'tel', maxlength: '40' });
  const email = el('input', { type: 'email', autocomplete: 'email', maxlength: '254' });
  const note = el('textarea', { rows: '2', maxlength: '500' });
  const problem = el('p', { class: 'card-exchange__problem', role: 'alert' });
  const submit = el('button', { type: 'submit', class: 'card-button card-button--primary' }, [t('exchange.submit')]);
  const cancel = el('button', { type: 'button', class: 'card-button card-button--quiet' }, [t('exchange.cancel')]);
  const form = el('form', { class: 'card-exchange', 'aria-labelledby': 'card-exchange-title', novalidate: '' }, [
    el('h2', { id: 'card-exchange-title' }, [t('exchange.title')]),
    el('p', { class: 'card-exchange__hint' }, [t('exchange.hint', { name: input.ownerName })]),
    field(t('exchange.name'), name),
    field(t('exchange.phone'), phone),
    field(t('exchange.email'), email),
    field(t('exchange.note'), note),
    problem,
    el('div', { class: 'card-exchange__buttons' }, [cancel, submit]),
  ]);
  cancel.addEventListener('click', input.onCancel);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!name.value.trim()) return void (problem.textContent = t('exchange.required'));
    if (!phone.value.trim() && !email.value.trim()) return void (problem.textContent = t('exchange.oneOf'));
    problem.textContent = '';
    submit.disabled = true;
    submit.textContent = t('exchange.sending');
    exchangeCards(input.slug, { name: name.value, phone: phone.value, email: email.value, ...(note.value.trim() ? { note: note.value } : {}) }, input.locale).then(
      () => form.replaceWith(el('p', { class: 'card-exchange__done', role: 'status' }, [t('exchange.done', { name: input.ownerName })])),
      (error: unknown) => {
        submit.disabled = false;
        submit.textContent = t('exchange.submit');
        problem.textContent = error instanceof PublicApiError && error.message ? error.message : t('networkError');
      },
    );
  });
  queueMicrotask(() => name.focus());
  return form;
}
