import { Button, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TypedRowsProps {
  /** The form list's name, e.g. 'phones'. */
  name: string;
  /** Visible label of the group (also names each row's inputs for screen readers). */
  label: string;
  /** Row types; omit for untyped rows (emails). */
  types?: { value: string; label: string }[];
  /** The key of each row's value field (default 'value'); socials use 'account'. */
  valueKey?: string;
  /** The type that reveals a free-text "other type" input (company phones). */
  otherTypeValue?: string;
  otherTypeLabel?: string;
  valueRules?: FormRule[];
  inputMode?: 'tel' | 'email' | 'text';
  addLabel: string;
}

/**
 * Repeated typed rows (phones, emails, social accounts, addresses) with docs/product.md#validation rules: the first
 * row is always there and cannot be removed; the add button shows only once the first row has a value or
 * more than one row exists.
 */
export function TypedRows({ name, label, types, valueKey = 'value', otherTypeValue, otherTypeLabel, valueRules, inputMode, addLabel }: TypedRowsProps) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  const rows = (Form.useWatch(name, form) as Record<string, string | undefined>[] | undefined) ?? [];
  const firstHasValue = Boolean(rows[0]?.[valueKey]?.trim());
  const canAdd = firstHasValue || rows.length > 1;
  const defaultType = types?.[0]?.value;
  return (
    <Form.Item label={label} className="typed-rows" required={false}>
      <Form.List name={name} initialValue={[defaultType ? { type: defaultType } : {}]}>
        {(fields, { add, remove }) => (
          <div className="typed-rows__list">
            {fields.map((field, index) => {
              const rowLabel = `${label} ${index + 1}`;
              const isOther = otherTypeValue !== undefined && rows[index]?.type === otherTypeValue;
              return (
                <Space.Compact key={field.key} block className="typed-rows__row">
                  {types ? (
                    <Form.Item name={[field.name, 'type']} noStyle>
                      <Select
                        className="typed-rows__type"
                        aria-label={t('typedRows.typeOf', { label: rowLabel })}
                        options={types}
                        popupMatchSelectWidth={false}
                      />
                    </Form.Item>
                  ) : null}
                  {isOther ? (
                    <Form.Item name={[field.name, 'otherType']} noStyle>
                      <Input className="typed-rows__other" aria-label={otherTypeLabel} placeholder={otherTypeLabel} />
                    </Form.Item>
                  ) : null}
                  <Form.Item name={[field.name, valueKey]} noStyle rules={valueRules}>
                    <Input aria-label={rowLabel} inputMode={inputMode} />
                  </Form.Item>
                  {index > 0 ? (
                    <Button
                      icon={<DeleteOutlined aria-hidden="true" />}
                      aria-label={t('typedRows.remove', { label: rowLabel })}
                      onClick={() => remove(field.name)}
                    />
                  ) : null}
                </Space.Compact>
              );
            })}
            {canAdd ? (
              <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add(defaultType ? { type: defaultType } : {})}>
                {addLabel}
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** Rows with an empty value are not sent. */
export function filledRows<T extends Record<string, unknown>>(rows: T[] | undefined, valueKey = 'value'): T[] {
  return (rows ?? []).filter((row) => typeof row[valueKey] === 'string' && (row[valueKey] as string).trim() !== '');
}
