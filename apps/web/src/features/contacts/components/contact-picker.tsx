import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '@lodestar/contract';
import { PickerDialog } from '../../../shared/ui/picker-dialog.tsx';
import { recordPickerField } from '../../../shared/ui/picker-field.tsx';
import { useContactPickerList } from '../contacts.api.ts';

/** The contact picker dialog: searchable table, radio selection, 500 rows by name (spec sections 2 and 9). */
export function ContactPicker({ orgId, open, onPick, onClose }: { orgId: string; open: boolean; onPick: (contact: ContactRow) => void; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const [keyword, setKeyword] = useState('');
  const list = useContactPickerList(orgId, keyword, open);
  return (
    <PickerDialog<ContactRow>
      open={open}
      title={t('picker.title')}
      searchLabel={t('picker.search')}
      emptyText={t('picker.empty')}
      okText={t('picker.choose')}
      cancelText={t('common:actions.cancel')}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('picker.columns.name') },
        { key: 'phones', title: t('picker.columns.phones'), render: (_value, row) => row.phones.map((phone) => phone.value).join(', ') },
        { key: 'company', dataIndex: 'companyName', title: t('picker.columns.company') },
        { key: 'owner', dataIndex: 'ownerName', title: t('picker.columns.owner'), width: 120 },
      ]}
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

/** A form control: the chosen client's name, a button that opens the contact picker, and a clear button. */
export const ContactPickerField = recordPickerField<ContactRow>('contacts', ContactPicker, (row) => ({ id: row.id, name: row.name }));
