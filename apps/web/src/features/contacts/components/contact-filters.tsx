import { Checkbox, Input, Select, Space } from 'antd';
import { SortControl } from '../../../shared/ui/sort-control.tsx';
import { useTranslation } from 'react-i18next';
import { noContactDaysOptions, type AdvanceFilter, type ListSortField } from '@lodestar/contract';

export interface ContactFilterState {
  keyword: string;
  mine: boolean;
  noContactDays?: (typeof noContactDaysOptions)[number];
  important: boolean;
  sortBy: ListSortField;
  decending: boolean;
}

export const initialContactFilters: ContactFilterState = { keyword: '', mine: false, important: false, sortBy: 'updatedAt', decending: true };

/** The list's advanceFilter (spec section 7) from the toolbar, the tag side view and the signed-in user. */
export function toAdvanceFilter(state: ContactFilterState, tagIds: string[], userId: string | undefined, keyword: string): AdvanceFilter {
  return {
    ...(keyword ? { keyword } : {}),
    ...(tagIds.length > 0 ? { tags: tagIds } : {}),
    ...(state.mine && userId ? { owner: [userId] } : {}),
    ...(state.noContactDays ? { noContactDays: state.noContactDays } : {}),
    ...(state.important ? { important: true } : {}),
  };
}

/** Toolbar: name search, owner, no contact for over 30/90/180 days / 1 year, important, sort. */
export function ContactFilters({ value, onChange }: { value: ContactFilterState; onChange: (next: ContactFilterState) => void }) {
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
      <Select
        aria-label={t('filters.owner')}
        className="list-toolbar__select"
        value={value.mine ? 'mine' : 'all'}
        onChange={(next) => set({ mine: next === 'mine' })}
        options={[
          { value: 'all', label: t('filters.ownerAll') },
          { value: 'mine', label: t('filters.ownerMine') },
        ]}
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
