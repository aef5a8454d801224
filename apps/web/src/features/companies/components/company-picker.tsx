import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyRow } from '@lodestar/contract';
import { PickerDialog } from '../../../shared/ui/picker-dialog.tsx';
import { recordPickerField, type PickedRecord } from '../../../shared/ui/picker-field.tsx';
import { useCompanyPickerList } from '../companies.api.ts';

export type PickedCompany = PickedRecord;

/** The company picker dialog: searchable table, radio selection, 500 rows by name. */
export function CompanyPicker({ orgId, open, onPick, onClose }: { orgId: string; open: boolean; onPick: (company: PickedCompany) => void; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const [keyword, setKeyword] = useState('');
  const list = useCompanyPickerList(orgId, keyword, open);
  return (
    <PickerDialog<CompanyRow>
      open={open}
      title={t('picker.title')}
      searchLabel={t('picker.search')}
      emptyText={t('picker.empty')}
      okText={t('picker.choose')}
      cancelText={t('common:actions.cancel')}
      columns={[
        { key: 'company', dataIndex: 'company', title: t('fields.name') },
        { key: 'taxId', dataIndex: 'taxId', title: t('fields.tax'), width: 140 },
        { key: 'owner', title: t('fields.owner'), width: 140, render: (_value, row) => row.owner?.name ?? '' },
      ]}
      rows={list.data?.items ?? []}
      loading={list.isFetching}
      onKeywordChange={setKeyword}
      onPick={(row) => {
        onPick({ id: row.id, name: row.company });
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** A form control: the chosen company's name, a button that opens the picker, and a clear button. */
export const CompanyPickerField = recordPickerField<PickedCompany>('companies', CompanyPicker, (row) => row);
