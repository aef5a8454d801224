import { Checkbox, Input, Select, Space } from 'antd';
import { SortControl } from '../../../../shared/ui/sort-control.tsx';
import { useTranslation } from 'react-i18next';
import { OwnerFilterSelect, ownerFilterIds, type OwnerFilter } from '../../../access/members/index.ts';
import { noContactDaysOptions, type AdvanceFilter, type ListSortField } from '@lodestar/contract';

export interface ContactFilterState {
  keyword: string;
  /** 'all', 'mine' or a user id. */
  owner: OwnerFilter;
  noContactDays?: (typeof noContactDaysOptions)[number];
  important: boolean;
  sortBy: ListSortField;
  decending: boolean;
}

export const initialContactFilters: ContactFilterState = { keyword: '', owner: 'all', important: false, sortBy: 'updatedAt', decending: true };

/** The list's advanceFilter (docs/product.md#api) from the toolbar, the tag side view and the signed-in user. */
export function toAdvanceFilter(state: ContactFilterState, tagIds: string[], userId: string | undefined, keyword: string): AdvanceFilter {
  return {
    ...(keyword ? { keyword } : {}),
    ...(tagIds.length > 0 ? { tags: tagIds } : {}),
    ...ownerFilterIds(state.owner, userId),
    ...(state.noContactDays ? { noContactDays: state.noContactDays } : {}),
    ...(state.important ? { important: true } : {}),
  };
}

/** Toolbar: name search, owner, no contact for over 30/90/180 days / 1 year, important, sort. */
export function ContactFilters({ orgId, value, onChange }: { orgId: string; value: ContactFilterState; onChange: (next: ContactFilterState) => void }) {
  const { t } = useTranslation('contacts');
  const set = (patch: Partial<ContactFilterState>) => onChange({ ...value, ...patch });
  return (
    <Space wrap size={[8, 8]} className="list-toolbar" role="group" aria-label={t('filters.label')}>
      <Input.Search
        allowClear
        className="list-toolbar__search"
        aria-label={t('filters.search')}
        placeholder={t('filters.search')}
        value={value.keyword}
        onChange={(event) => set({ keyword: event.target.value })}
      />
      <OwnerFilterSelect
        orgId={orgId}
        className="list-toolbar__select"
        value={value.owner}
        onChange={(owner) => set({ owner })}
        labels={{ control: t('filters.owner'), all: t('filters.ownerAll'), mine: t('filters.ownerMine') }}
      />
      <Select
        aria-label={t('filters.noContact')}
        className="list-toolbar__select"
        allowClear
        placeholder={t('filters.noContact')}
        value={value.noContactDays}
        onChange={(next) => set({ noContactDays: next })}
        options={noContactDaysOptions.map((days) => ({ value: days, label: t(`filters.noContactDays.${days}`) }))}
      />
      <Checkbox checked={value.important} onChange={(event) => set({ important: event.target.checked })}>
        {t('filters.important')}
      </Checkbox>
      <SortControl sortBy={value.sortBy} decending={value.decending} onChange={set} />
    </Space>
  );
}
