import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../api-client.ts';

/** Shows a 400 answer's field errors on the form ('phones.0.value' → ['phones', 0, 'value']). */
export function showServerFieldErrors(form: FormInstance, error: unknown): void {
  const fields = fieldErrorsOf(error).map(({ name, errors }) => ({
    name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors,
  }));
  if (fields.length > 0) form.setFields(fields);
}
