import type { CompanyRow } from '@lodestar/contract';
import type { PickedRecord } from '../../../../shared/ui/picker-field.tsx';
import { recordEntities } from '../record-entities.ts';
import { companyRecordApi } from '../record-apis.ts';
import { recordPicker } from './record-picker.tsx';

export type PickedCompany = PickedRecord;

/** The company picker dialog (searchable table, radio selection, 500 rows by name) and its form control. */
export const { Picker: CompanyPicker, Field: CompanyPickerField } = recordPicker<CompanyRow>({
  entity: recordEntities.company,
  useList: companyRecordApi.usePickerList,
  columns: (t, title) => [
    { key: 'company', dataIndex: 'company', title: t('fields.name') },
    { key: 'taxId', dataIndex: 'taxId', title: title('taxId'), width: 140 },
    { key: 'owner', title: t('fields.owner'), width: 140, render: (_value, row) => row.owner?.name ?? '' },
  ],
  toPicked: (row) => ({ id: row.id, name: row.company }),
});
