import type { ContactRow } from '@lodestar/contract';
import { recordEntities } from '../record-entities.ts';
import { contactRecordApi } from '../record-apis.ts';
import { recordPicker } from './record-picker.tsx';

/** The contact picker dialog (searchable table, radio selection, 500 rows by name) and its form control. */
export const { Picker: ContactPicker, Field: ContactPickerField } = recordPicker<ContactRow>({
  entity: recordEntities.contact,
  useList: contactRecordApi.usePickerList,
  columns: (t) => [
    { key: 'name', dataIndex: 'name', title: t('picker.columns.name') },
    { key: 'phones', title: t('picker.columns.phones'), render: (_value, row) => row.phones.map((phone) => phone.value).join(', ') },
    { key: 'company', dataIndex: 'companyName', title: t('picker.columns.company') },
    { key: 'owner', dataIndex: 'ownerName', title: t('picker.columns.owner'), width: 120 },
  ],
  toPicked: (row) => ({ id: row.id, name: row.name }),
});
