import { useState, type FormEvent } from 'react';
import type { PublicLocale, Translate } from '../shared/public-page/public-i18n.ts';
import { CardError, exchangeCards } from './card-api.ts';

interface Props {
  slug: string;
  ownerName: string;
  locale: PublicLocale;
  t: Translate;
  onCancel: () => void;
}

/** "Exchange cards": the visitor's name and a phone or an e-mail, sent to the owner (a contact of theirs). */
export function ExchangeForm({ slug, ownerName, locale, t, onCancel }: Props) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'done'>('editing');

  if (state === 'done') {
    return (
      <p className="card-exchange__done" role="status">
        {t('exchange.done', { name: ownerName })}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('exchange.required'));
    if (!phone.trim() && !email.trim()) return setProblem(t('exchange.oneOf'));
    setProblem('');
    setState('sending');
    try {
      await exchangeCards(slug, { name, phone, email, ...(note.trim() ? { note } : {}) }, locale);
      setState('done');
    } catch (error) {
      setState('editing');
      setProblem(error instanceof CardError && error.message ? error.message : t('networkError'));
    }
  };

  return (
    <form className="card-exchange" onSubmit={(e) => void submit(e)} aria-labelledby="card-exchange-title" noValidate>
      <h2 id="card-exchange-title">{t('exchange.title')}</h2>
      <p className="card-exchange__hint">{t('exchange.hint', { name: ownerName })}</p>
      <label>
        <span>{t('exchange.name')}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} required />
      </label>
      <label>
        <span>{t('exchange.phone')}</span>
        <input value={phone} onChange={(e) => setPhone(e.target.value)} type="tel" autoComplete="tel" inputMode="tel" maxLength={40} />
      </label>
      <label>
        <span>{t('exchange.email')}</span>
        <input value={email} onChange={(e) => setEmail(e.target.value)} type="email" autoComplete="email" maxLength={254} />
      </label>
      <label>
        <span>{t('exchange.note')}</span>
        <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} />
      </label>
      {problem ? (
        <p className="card-exchange__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="card-exchange__buttons">
        <button type="button" className="card-button card-button--quiet" onClick={onCancel}>
          {t('exchange.cancel')}
        </button>
        <button type="submit" className="card-button card-button--primary" disabled={state === 'sending'}>
          {state === 'sending' ? t('exchange.sending') : t('exchange.submit')}
        </button>
      </div>
    </form>
  );
}
