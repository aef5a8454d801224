import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSizes, type DealRow } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { PickerDialog } from '../../../../shared/ui/picker-dialog.tsx';
import { recordPickerField } from '../../../../shared/ui/picker-field.tsx';
import { useDealPickerList } from '../deals.api.ts';
import { useStageName } from './stage-label.tsx';

/** The most a search brings back (the server's bound); the first view loads the newest 20. */
const searchLimit = 200;

/**
 * The deal picker table dialog (docs/product.md#screens, #limits): 20 deals at first, a search 300 ms after typing
 * stops, 25 rows a page, radio selection.
 */
export function DealPicker({ orgId, open, onPick, onClose }: { orgId: string; open: boolean; onPick: (deal: DealRow) => void; onClose: () => void }) {
  const { t } = useTranslation('deals');
  const [keywords, setKeywords] = useState('');
  const stageName = useStageName(orgId);
  const list = useDealPickerList(orgId, keywords, open, keywords ? searchLimit : pageSizes.dealPickerLoad);
  return (
    <PickerDialog<DealRow>
      open={open}
      title={t('picker.title')}
      searchLabel={t('picker.search')}
      emptyText={t('picker.empty')}
      okText={t('picker.choose')}
      cancelText={t('common:actions.cancel')}
      pageSize={pageSizes.dealPicker}
      columns={[
        { key: 'title', dataIndex: 'title', title: t('fields.title') },
        { key: 'company', title: t('fields.company'), render: (_value, row) => row.company?.name ?? '' },
        { key: 'amount', title: t('fields.amount'), align: 'right', render: (_value, row) => formatMoney(row.amount) },
        { key: 'stage', title: t('fields.stage'), render: (_value, row) => stageName(row.stage) },
      ]}
      rows={list.data?.items ?? []}
      loading={list.isFetching}
      onKeywordChange={setKeywords}
      onPick={(row) => {
        onPick(row);
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** A form control: the chosen deal's name, a button that opens the deal picker, and a clear button. */
export const DealPickerField = recordPickerField<DealRow>('deals', DealPicker, (row) => ({ id: row.id, name: row.title }));
