import type { TFunction } from 'i18next';
import { isStrongPassword } from '@lodestar/contract';
import { emailPattern } from '../../../shared/ui/email.ts';
import type { Check } from './use-plain-form.ts';

/** The sign-in pages' checks, with the messages antd's rules give elsewhere (shared/ui/validation.ts). */
export const required =
  <V>(t: TFunction): Check<V> =>
  (value) =>
    value.trim() ? null : t('common:validation.required');

export const email = <V>(t: TFunction): Check<V>[] => [required(t), (value) => (emailPattern.test(value) ? null : t('common:validation.invalidEmail'))];

export const strongPassword = <V>(t: TFunction): Check<V>[] => [
  (value) => (value ? null : t('common:validation.required')),
  (value) => (isStrongPassword(value) ? null : t('common:validation.weakPassword')),
];

/** The confirmation must equal the field `other`. */
export const confirmation = <V extends Record<string, string>>(t: TFunction, other: keyof V): Check<V>[] => [
  (value) => (value ? null : t('common:validation.required')),
  (value, values) => (values[other] === value ? null : t('common:validation.passwordMismatch')),
];
