import { Space, Table, type TableColumnsType } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '@lodestar/contract';
import type { RecordRowsProps } from '../../records/index.ts';
import { LazyTooltip } from '../../../../shared/ui/lazy-tooltip.tsx';
import { dynamicFieldColumns, useCustomFields } from '../../custom-fields/index.ts';
import { useFieldColumns, useVisibleColumns } from '../../column-settings/index.ts';

const selectionWidth = 40;

/** The sum of the columns' widths (antd's virtual table needs a number for scroll.x). */
export function tableWidth(columns: readonly { width?: number | string }[], extra = 0): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 120), extra);
}

export type ContactTableProps = RecordRowsProps<ContactRow>;

/** The contact list as a virtual table: thousands of loaded rows scroll smoothly. */
export function ContactTable({ orgId, rows, loading, selected, onSelect, emptyText }: ContactTableProps) {
  const { t } = useTranslation('contacts');
  const fields = useCustomFields(orgId, 'contact');
  const builtIn = useFieldColumns<ContactRow>('contact', {
    phone: (row) => row.phones[0]?.value ?? '',
    email: (row) => row.emails[0]?.value ?? '',
    record: (row) => (row.companyId ? <Link to={`/${orgId}/company/detail/${row.companyId}`}>{row.companyName}</Link> : ''),
    user: (row) => row.ownerName ?? '',
  });
  const allColumns: TableColumnsType<ContactRow> = [
    {
      key: 'name',
      title: t('fields.name'),
      width: 170,
      render: (_value, row) => (
        <Space size={6}>
          {row.isImportant ? (
            <LazyTooltip title={t('fields.important')}>
              <StarFilled className="important-star" aria-label={t('fields.important')} />
            </LazyTooltip>
          ) : null}
          <Link to={`/${orgId}/contact/detail/${row.id}`}>{row.name}</Link>
        </Space>
      ),
    },
    ...builtIn,
    ...dynamicFieldColumns(fields.data, rows),
  ];
  // settings/columnContactDisplay: which built-in columns show, in which order.
  const columns = useVisibleColumns(orgId, 'contact', allColumns);
  return (
    <Table<ContactRow>
      className="record-table"
      rowKey="id"
      size="middle"
      virtual
      // As wide as its columns (compact enough for 1440 px beside the tag panel): a horizontal scroll bar only
      // appears when custom-field columns are added, never for the built-in ones (issue 21).
      scroll={{ x: tableWidth(columns, selectionWidth), y: 560 }}
      pagination={false}
      loading={loading}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText }}
      rowSelection={{ columnWidth: selectionWidth, selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)) }}
    />
  );
}
