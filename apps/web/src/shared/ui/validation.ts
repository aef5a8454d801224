import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isStrongPassword, validationReasonMessages, validationReasons, type ValidationReason } from '@lodestar/contract';
import { currentLanguage } from '../i18n.ts';
import { emailPattern, isEmail } from './email.ts';

export { emailPattern, isEmail } from './email.ts';

export function requiredRule(t: TFunction): Rule {
  return { required: true, whitespace: true, message: t('common:validation.required') };
}

export function emailRules(t: TFunction): Rule[] {
  return [requiredRule(t), { pattern: emailPattern, message: t('common:validation.invalidEmail') }];
}

export function strongPasswordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('common:validation.required') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('common:validation.weakPassword'))),
    },
  ];
}

/** Confirm field: must equal the field `other`. */
export function confirmPasswordRules(t: TFunction, other: string): Rule[] {
  return [
    { required: true, message: t('common:validation.required') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        !value || getFieldValue(other) === value ? Promise.resolve() : Promise.reject(new Error(t('common:validation.passwordMismatch'))),
    }),
  ];
}

/** A typed list of emails (a tags select): trimmed, lower-cased, duplicates ignored (docs/product.md#validation). */
export function normalizeEmailList(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return [...new Set(values.map((value) => String(value).trim().toLowerCase()).filter(Boolean))];
}

/** Every email of a list must look like one; the message names the first that does not. */
export function emailListRule(t: TFunction): Rule {
  return {
    validator: (_rule, value: string[] | undefined) => {
      const invalid = (value ?? []).find((email) => !isEmail(email));
      return invalid ? Promise.reject(new Error(`${t('common:validation.invalidEmail')}: ${invalid}`)) : Promise.resolve();
    },
  };
}

/**
 * A form rule running the contract's own schema of the field (e.g. companySaveBodySchema.shape.tax), so the web
 * refuses what the server refuses, with the same localized reason (invalidTaxId, invalidUrl, invalidEmail...).
 */
export function contractRule(schema: z.ZodType): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const parsed = schema.safeParse(value);
      if (parsed.success) return Promise.resolve();
      const issue = parsed.error.issues[0];
      const known = (validationReasons as readonly string[]).includes(issue?.message ?? '');
      const reason: ValidationReason = known ? (issue!.message as ValidationReason) : issue?.code === 'invalid_format' ? 'invalidEmail' : 'invalidValue';
      return Promise.reject(new Error(validationReasonMessages[currentLanguage()][reason]));
    },
  };
}
