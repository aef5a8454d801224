import type { CustomField, DynamicFieldValues } from '@lodestar/contract';

/*
 * Custom field values as text and as list columns: apart from the form inputs (components/dynamic-field-inputs.tsx), so a
 * list shows its custom columns without loading antd's Form (scripts/check-initial-bundle.ts).
 */

/** A stored value as text (list columns, detail page); dropdown values show their option's label. */
export function formatDynamicValue(value: unknown, field?: Pick<CustomField, 'inputType' | 'options'>): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (field?.inputType === 'options') return field.options.find((option) => option.value === value)?.label ?? value;
    return value;
  }
  if (typeof value === 'object' && 'date' in value) {
    const notification = value as { value?: string; date?: string; dateTime?: string | null };
    return [notification.date, notification.dateTime, notification.value].filter(Boolean).join(' ');
  }
  return '';
}

/** Form values → the contract's dynamicFields: empty text and empty notifications become null. */
export function cleanDynamicValues(values: Record<string, unknown> | undefined): DynamicFieldValues {
  const cleaned: DynamicFieldValues = {};
  for (const [id, value] of Object.entries(values ?? {})) {
    if (typeof value === 'string') cleaned[id] = value.trim() === '' ? null : value.trim();
    else if (value && typeof value === 'object') {
      const notification = value as { value?: string; date?: string; dateTime?: string | null };
      cleaned[id] = notification.date
        ? { value: notification.value?.trim() ?? '', date: notification.date, dateTime: notification.dateTime || null }
        : null;
    } else cleaned[id] = null;
  }
  return cleaned;
}

/** List columns for the custom fields marked "show in list" (settings columnContactDisplay / columnCompanyDisplay). */
export function dynamicFieldColumns<Row extends object>(fields: CustomField[] | undefined, rows: Row[]) {
  // Only when the list rows carry their values (columns of blanks would mislead).
  if (!rows.some((row) => 'dynamicFields' in row)) return [];
  return (fields ?? [])
    .filter((field) => field.isShow)
    .map((field) => ({
      key: `field-${field.id}`,
      title: field.title,
      width: 160,
      ellipsis: true,
      render: (_value: unknown, row: Row) => formatDynamicValue((row as { dynamicFields?: DynamicFieldValues }).dynamicFields?.[field.id], field),
    }));
}
