import type { ReactElement, ReactNode } from 'react';
import { Form, Input, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordField, type RecordField, type RecordFieldKind } from '@lodestar/contract';
import { useFieldTitle } from '../use-field-title.ts';
import { DateMaskInput, dateRules } from './date-mask-input.tsx';

/** The input a field's type is edited with, limited by its length in the field list (null: the type has a picker of its own). */
function inputOf(field: RecordField, inputMode: 'url' | undefined): ReactElement<Record<string, unknown>> | null {
  switch (field.type) {
    case 'text':
      return <Input autoComplete="off" inputMode={inputMode} maxLength={field.max ?? 100} />;
    case 'name':
      return <Input autoComplete="off" maxLength={field.max ?? 200} />;
    case 'longText':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={field.max ?? 10_000} />;
    case 'email':
      return <Input inputMode="email" maxLength={254} />;
    case 'address':
      return <Input maxLength={300} />;
    case 'money':
      return <Input inputMode="decimal" prefix="$" maxLength={15} />;
    case 'date':
      return <DateMaskInput />;
    default:
      return null;
  }
}

const fieldOf = (kind: RecordFieldKind, key: string): RecordField => {
  const field = recordField(kind, key);
  if (!field) throw new Error(`${kind}.${key} is not in the field list`);
  return field;
};

/** A plain field's input alone (an inline editor on the record's page uses the form's input). */
export const fieldInput = (kind: RecordFieldKind, key: string, inputMode?: 'url') => inputOf(fieldOf(kind, key), inputMode);

export interface FieldItemProps extends Pick<FormItemProps, 'rules' | 'extra' | 'validateTrigger' | 'noStyle'> {
  kind: RecordFieldKind;
  /** The field's key in the contract's field list (records/record-fields.ts). */
  field: string;
  /** The form value's name when it is neither the field's save body key nor its key (tags are `tagIds`). */
  name?: string;
  inputMode?: 'url';
  /** The editor, for types with a picker of their own (a company, a stage, tags). */
  children?: ReactNode;
}

/**
 * One field of a record's form from the field list: its title in the page's language, and for the plain types
 * (text, long text, e-mail, address, money, date) its input and limits. A date also gets the date rules. A percent
 * brings its InputNumber as children: antd's number input is not in the contact list's first load (the contact form
 * is, through the fast-create dialog).
 */
export function FieldItem({ kind, field: key, name, inputMode, children, rules = [], validateTrigger, ...rest }: FieldItemProps) {
  const { t } = useTranslation();
  const title = useFieldTitle(kind);
  const field = fieldOf(kind, key);
  const isDate = field.type === 'date';
  return (
    <Form.Item
      name={name ?? field.body ?? key}
      label={title(key)}
      rules={isDate ? [...rules, ...dateRules(t)] : rules}
      validateTrigger={validateTrigger ?? (isDate ? 'onBlur' : undefined)}
      {...rest}
    >
      {children ?? inputOf(field, inputMode)}
    </Form.Item>
  );
}
