import { useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../../shared/api-client.ts';

/** A field's check: the message to show, or null when the value is fine (`values` for checks against another field). */
export type Check<V> = (value: string, values: V) => string | null;

/**
 * The sign-in pages' forms without antd's Form (their first load stays small, app/router.tsx): values, the first failing
 * check per field shown once submitted (then re-checked as the user types, as antd does), the server's field errors
 * (a 400 naming the field) shown under their fields, and focus on the first field in error.
 */
export function usePlainForm<V extends Record<string, string>>(initial: V, checks: { [K in keyof V]?: Check<V>[] }) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof V, HTMLInputElement | null>>>({});

  const checkAll = (next: V) => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(checks) as (keyof V)[]) {
      for (const check of checks[name] ?? []) {
        const message = check(next[name] as string, next);
        if (message) {
          found[name] = message;
          break;
        }
      }
    }
    return found;
  };

  const focusFirst = (found: Partial<Record<keyof V, string>>) => {
    const first = (Object.keys(values) as (keyof V)[]).find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };

  return {
    values,
    errors,
    /** Props for one field (plain-fields.tsx). */
    field: (name: keyof V & string) => ({
      name,
      value: values[name],
      error: errors[name],
      inputRef: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      onChange: (value: string) => {
        const next = { ...values, [name]: value };
        setValues(next);
        if (submitted) setErrors(checkAll(next));
        else if (errors[name]) setErrors({ ...errors, [name]: undefined });
      },
    }),
    /** Runs the checks; calls `onValid` with the values when all pass. */
    onSubmit: (onValid: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const found = checkAll(values);
      setErrors(found);
      if (Object.values(found).some(Boolean)) focusFirst(found);
      else onValid(values);
    },
    /** A failed call's field errors (a 400 naming the field) under their fields. */
    showServerErrors: (error: unknown) => {
      const found: Partial<Record<keyof V, string>> = {};
      for (const { name, errors: messages } of fieldErrorsOf(error)) if (name in values) found[name as keyof V] = messages[0];
      setErrors(found);
      focusFirst(found);
    },
    reset: () => {
      setValues(initial);
      setErrors({});
      setSubmitted(false);
    },
  };
}
