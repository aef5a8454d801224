import type { ReactNode } from 'react';
import { Space, type TableColumnsType } from 'antd';
import { recordListColumns, type RecordField, type RecordFieldType, type TagRef } from '@lodestar/contract';
import { formatDateTime } from '../../../shared/format/when.ts';
import { useFieldTitle } from '../../../shared/use-field-title.ts';
import { RecordTagChip } from '../tags/index.ts';

/** How a list shows a field of a type; a kind gives the types its rows hold in their own shape (a link, a name). */
export type FieldCells<Row> = Partial<Record<RecordFieldType, (row: Row, field: RecordField) => ReactNode>>;

const valueOf = (row: unknown, key: string): unknown => (row as Record<string, unknown>)[key];

/** Text and times read the row's value by the field's key; tags are the row's `tags`. */
const commonCells: FieldCells<unknown> = {
  text: (row, field) => (valueOf(row, field.key) as string | null | undefined) ?? '',
  time: (row, field) => formatDateTime(valueOf(row, field.key) as string | null),
  tags: (row) => (
    <Space size={[2, 2]} wrap>
      {(valueOf(row, 'tags') as TagRef[]).map((tag) => (
        <RecordTagChip key={tag.id} tag={tag} />
      ))}
    </Space>
  ),
};

/**
 * A list's built-in columns from the contract's field list (record-fields.ts): key, title, width and how each type is
 * shown. A field the list gains (a contact's text field) becomes a column with no code here.
 */
export function useFieldColumns<Row>(kind: 'contact' | 'company', cells: FieldCells<Row>): TableColumnsType<Row> {
  const title = useFieldTitle(kind);
  return recordListColumns(kind).map((column) => {
    const cell = cells[column.field.type] ?? (commonCells[column.field.type] as FieldCells<Row>[RecordFieldType]);
    return {
      key: column.key,
      title: title(column.field.key),
      ...(column.width ? { width: column.width } : {}),
      ellipsis: column.field.type !== 'tags',
      render: (_value: unknown, row: Row) => cell?.(row, column.field) ?? '',
    };
  });
}

/** A column setting key's title: its field's, from the field list. */
export function useColumnTitle(kind: 'contact' | 'company'): (key: string) => string {
  const title = useFieldTitle(kind);
  const fieldOf = new Map(recordListColumns(kind).map((column) => [column.key, column.field.key]));
  return (key) => title(fieldOf.get(key) ?? key);
}
