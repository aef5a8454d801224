import type { ReactNode } from 'react';
import type { Translate } from '../book-i18n.ts';
import { StepCard } from './step-card.tsx';

export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  note: string;
}
export type ContactErrors = Partial<Record<'name' | 'phone' | 'email', string>>;

export const emptyContact: ContactValues = { name: '', phone: '', email: '', note: '' };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name, phone and email are required; the email must look like one. */
export function validateContact(t: Translate, contact: ContactValues): ContactErrors {
  const found: ContactErrors = {};
  if (!contact.name.trim()) found.name = t('contact.required');
  if (!contact.phone.trim()) found.phone = t('contact.required');
  if (!contact.email.trim()) found.email = t('contact.required');
  else if (!emailPattern.test(contact.email.trim())) found.email = t('contact.invalidEmail');
  return found;
}

/** Step 4: who books. Editing a field clears its error. */
export function ContactStep({
  t,
  contact,
  errors,
  onChange,
  onErrorsChange,
}: {
  t: Translate;
  contact: ContactValues;
  errors: ContactErrors;
  onChange: (update: (current: ContactValues) => ContactValues) => void;
  onErrorsChange: (update: (current: ContactErrors) => ContactErrors) => void;
}) {
  const setField = (field: keyof ContactValues) => (event: { target: { value: string } }) => {
    onChange((current) => ({ ...current, [field]: event.target.value }));
    if (field in errors) onErrorsChange((current) => ({ ...current, [field]: undefined }));
  };
  const invalid = (field: keyof ContactErrors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `book-${field}-error` } : {});
  return (
    <StepCard id="book-step-contact" number={4} title={t('steps.contact')}>
      <Field id="book-name" label={t('contact.name')} error={errors.name}>
        <input id="book-name" className="book-input" autoComplete="name" maxLength={100} value={contact.name} onChange={setField('name')} {...invalid('name')} />
      </Field>
      <Field id="book-phone" label={t('contact.phone')} error={errors.phone}>
        <input id="book-phone" className="book-input" type="tel" inputMode="tel" autoComplete="tel" maxLength={40} value={contact.phone} onChange={setField('phone')} {...invalid('phone')} />
      </Field>
      <Field id="book-email" label={t('contact.email')} error={errors.email}>
        <input id="book-email" className="book-input" type="email" autoComplete="email" maxLength={254} value={contact.email} onChange={setField('email')} {...invalid('email')} />
      </Field>
      <Field id="book-note" label={t('contact.note')}>
        <textarea id="book-note" className="book-input book-input--area" rows={3} maxLength={2000} value={contact.note} onChange={setField('note')} />
      </Field>
    </StepCard>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="book-field">
      <label htmlFor={id} className="book-field__label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="book-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
