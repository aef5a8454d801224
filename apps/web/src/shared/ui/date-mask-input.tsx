import { Input, type InputProps } from 'antd';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isRealDate, maskDate } from '../format/dates.ts';

/** A YYYY-MM-DD text input with the ####-##-## mask (docs/product.md#validation); use with `dateRules`. */
export function DateMaskInput({ value, onChange, ...rest }: Omit<InputProps, 'value' | 'onChange'> & { value?: string; onChange?: (value: string) => void }) {
  return (
    <Input
      {...rest}
      value={value}
      inputMode="numeric"
      placeholder="YYYY-MM-DD"
      maxLength={10}
      onChange={(event) => onChange?.(maskDate(event.target.value))}
    />
  );
}

/** 'Incorrect Date Format' (errorDateFormat) unless empty or a real YYYY-MM-DD date. */
export function dateRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_rule, value: string | undefined) =>
        !value || isRealDate(value) ? Promise.resolve() : Promise.reject(new Error(t('common:validation.dateFormat'))),
    },
  ];
}
