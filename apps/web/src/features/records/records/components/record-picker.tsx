import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PickerDialog } from '../../../../shared/ui/picker-dialog.tsx';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { recordPickerField, type PickedRecord } from '../../../../shared/ui/picker-field.tsx';
import type { RecordEntity } from '../record-entities.ts';

interface RecordPickerOptions<Row extends { id: string }> {
  entity: RecordEntity;
  /** The picker's list: 500 rows by name filter (docs/product.md#limits), fetched while open. */
  useList: (orgId: string, keyword: string, enabled: boolean) => { data?: { items: Row[] }; isFetching: boolean };
  /** t in the entity's namespace; title: a field's title from the field list. */
  columns: (t: TFunction, title: (key: string) => string) => TableColumnsType<Row>;
  toPicked: (row: Row) => PickedRecord;
}

/**
 * The contact and company pickers (docs/product.md#screens, #limits): a dialog with a searchable table and radio
 * selection, and the form control that opens it (chosen name, open button, clear button).
 */
export function recordPicker<Row extends { id: string }>({ entity, useList, columns, toPicked }: RecordPickerOptions<Row>) {
  function Picker({ orgId, open, onPick, onClose }: { orgId: string; open: boolean; onPick: (row: Row) => void; onClose: () => void }) {
    const { t } = useTranslation(entity.namespace);
    const title = useFieldTitle(entity.entityType);
    const [keyword, setKeyword] = useState('');
    const list = useList(orgId, keyword, open);
    return (
      <PickerDialog<Row>
        open={open}
        title={t('picker.title')}
        searchLabel={t('picker.search')}
        emptyText={t('picker.empty')}
        okText={t('picker.choose')}
        cancelText={t('common:actions.cancel')}
        columns={columns(t, title)}
        rows={list.data?.items ?? []}
        loading={list.isFetching}
        onKeywordChange={setKeyword}
        onPick={(row) => {
          onPick(row);
          onClose();
        }}
        onClose={onClose}
      />
    );
  }

  const Field = recordPickerField<Row>(entity.namespace, Picker, toPicked);

  return { Picker, Field };
}
