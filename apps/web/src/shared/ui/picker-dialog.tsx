import { useEffect, useState } from 'react';
import { Input, Modal, Table, type TableColumnsType } from 'antd';
import { debounceMs } from '@lodestar/contract';
import { useDebouncedValue } from '../use-debounced-value.ts';

export interface PickerDialogProps<Row extends { id: string }> {
  open: boolean;
  title: string;
  searchLabel: string;
  emptyText: string;
  okText: string;
  cancelText: string;
  columns: TableColumnsType<Row>;
  /** Rows for the last debounced keyword (the caller asks the server for 500 rows by name). */
  rows: Row[];
  loading: boolean;
  /** The name filter, 300 ms after typing stops. */
  onKeywordChange: (keyword: string) => void;
  onPick: (row: Row) => void;
  onClose: () => void;
  /** Paged instead of one virtual list (the deal picker: 25 a page). */
  pageSize?: number;
}

/**
 * The company and contact pickers (docs/product.md#screens): a searchable table with radio selection; the name
 * filter is debounced 300 ms (docs/product.md#limits). Rows render in a virtual table, so 500 stay smooth.
 */
export function PickerDialog<Row extends { id: string }>(props: PickerDialogProps<Row>) {
  const { open, title, searchLabel, emptyText, okText, cancelText, columns, rows, loading, onKeywordChange, onPick, onClose, pageSize } = props;
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Row | null>(null);
  const debounced = useDebouncedValue(keyword.trim(), debounceMs.pickerSearch);
  useEffect(() => onKeywordChange(debounced), [debounced, onKeywordChange]);
  useEffect(() => {
    if (!open) {
      setKeyword('');
      setSelected(null);
    }
  }, [open]);
  return (
    <Modal
      title={title}
      open={open}
      width={720}
      onCancel={onClose}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ disabled: !selected }}
      onOk={() => {
        if (selected) onPick(selected);
      }}
      destroyOnHidden
    >
      <Input.Search allowClear aria-label={searchLabel} placeholder={searchLabel} value={keyword} onChange={(event) => setKeyword(event.target.value)} />
      <Table<Row>
        className="picker-table"
        size="small"
        rowKey="id"
        virtual={!pageSize}
        scroll={pageSize ? undefined : { y: 360 }}
        pagination={pageSize ? { pageSize, showSizeChanger: false, hideOnSinglePage: true } : false}
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [selected.id] : [],
          onChange: (_keys, picked) => setSelected(picked[0] ?? null),
        }}
        onRow={(row) => ({ onClick: () => setSelected(row), onDoubleClick: () => onPick(row) })}
      />
    </Modal>
  );
}
