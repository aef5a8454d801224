import { Descriptions } from 'antd';
import type { TFunction } from 'i18next';
import type { CustomField, DynamicFieldValues } from '@lodestar/contract';
import { InlineField } from '../../../../shared/ui/inline-field.tsx';
import { formatDynamicValue } from '../dynamic-field-values.ts';
import { customFieldEditor } from './dynamic-field-inputs.tsx';

/**
 * A record's custom fields as rows of its details card, in the order the settings give them, each edited in place
 * with the drawer's control and rules (a notification, three values in one, is edited in the drawer).
 * Returned as an array: antd's Descriptions reads its items from its direct children.
 */
export function customFieldItems(options: {
  fields: CustomField[];
  values: DynamicFieldValues;
  canEdit: boolean;
  none: string;
  t: TFunction;
  onSave: (fieldId: string, value: unknown) => Promise<unknown>;
}) {
  const { fields, values, canEdit, none, t, onSave } = options;
  return fields.map((field) => {
    const shown = formatDynamicValue(values[field.id], field) || none;
    const editor = customFieldEditor(field, t);
    return (
      <Descriptions.Item key={field.id} label={field.title}>
        {editor ? (
          <InlineField
            label={field.title}
            value={values[field.id] ?? undefined}
            rules={editor.rules}
            input={editor.control}
            multiline={field.inputType === 'textArea'}
            canEdit={canEdit}
            onSave={(value) => onSave(field.id, value ?? null)}
            testId={`inline-field-${field.id}`}
          >
            {shown}
          </InlineField>
        ) : (
          shown
        )}
      </Descriptions.Item>
    );
  });
}
