import type { ReactNode } from 'react';
import { Checkbox } from 'antd';
import { SortControl } from '../../../../shared/ui/sort-control.tsx';
import { LazySelect } from '../../../../shared/ui/lazy-select.tsx';
import { FoldedFilters } from '../../../../shared/ui/folded-filters.tsx';
import { ListSearch } from '../../../../shared/ui/list-search.tsx';
import { useTranslation } from 'react-i18next';
import { OwnerFilterSelect } from '../../../access/members/index.ts';
import { noContactDaysOptions } from '@lodestar/contract';
import type { ContactFilterState } from '../contact-list-params.ts';

export { initialContactFilters, toAdvanceFilter, type ContactFilterState } from '../contact-list-params.ts';

/**
 * Toolbar: name search, owner, no contact for over 30/90/180 days / 1 year, important, sort. On a phone all but the
 * search fold behind a button (FoldedFilters), with `more` (the saved filters and the tags) inside.
 */
export function ContactFilters(props: { orgId: string; value: ContactFilterState; onChange: (next: ContactFilterState) => void; phone: boolean; active: number; more?: ReactNode }) {
  const { orgId, value, onChange, phone, active, more } = props;
  const { t } = useTranslation('contacts');
  const set = (patch: Partial<ContactFilterState>) => onChange({ ...value, ...patch });
  const search = <ListSearch label={t('filters.search')} value={value.keyword} onChange={(keyword) => set({ keyword })} />;
  return (
    <FoldedFilters phone={phone} active={active} label={t('filters.label')} search={search} more={more}>
      <OwnerFilterSelect
        orgId={orgId}
        className="list-toolbar__select"
        value={value.owner}
        onChange={(owner) => set({ owner })}
        labels={{ control: t('filters.owner'), all: t('filters.ownerAll'), mine: t('filters.ownerMine') }}
      />
      <LazySelect
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
    </FoldedFilters>
  );
}
