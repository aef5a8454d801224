import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { debounceMs } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useSession } from '../../../../shared/session.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { useExtensionPoints } from '../../../../shared/extension-points.tsx';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { ListEmptyState, ListStatus, RecordListLayout } from '../../../../shared/ui/record-list-layout.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { TagSideView } from '../../tags/index.ts';
import { DuplicatesLink } from '../../duplicates/index.ts';
import { RecordBulkActions, recordEntities } from '../../records/index.ts';
import { useContactList, useDeleteContacts, useTransferContacts } from '../contacts.api.ts';
import { ContactFilters, initialContactFilters, toAdvanceFilter, type ContactFilterState } from '../components/contact-filters.tsx';
import { fromAdvanceFilter } from '../contact-list-params.ts';
import { ContactTable, type ContactTableProps } from '../components/contact-table.tsx';
import { ContactCards } from '../components/contact-cards.tsx';
import { phoneQuery, useMediaQuery } from '../../../../shared/ui/use-media-query.ts';
import { lazyComponent, lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';

// The create form loads when opened: the list shows first.
const ContactDrawer = lazyDialog(() => import('../components/contact-drawer.tsx').then((m) => m.ContactDrawer));


// The saved filters (a select, a save dialog with its form) come after the list has painted: antd's Form and Modal and
// the filters' schemas stay out of the contact list's first load (scripts/check-initial-bundle.ts); the row keeps its place.
const SavedFilters = lazyComponent(
  () => import('../components/saved-filters.tsx').then((m) => m.SavedFilters),
  () => <div className="saved-filters saved-filters--placeholder" aria-hidden="true" />,
);

/** Cards on a phone, the virtual table on a wider screen: the same rows, selection and empty state. */
function ContactList({ phone, ...props }: ContactTableProps & { phone: boolean }) {
  return phone ? <ContactCards {...props} /> : <ContactTable {...props} />;
}

/** /{orgId}/contact/list: tag side view, filters, sort, a virtual table (cards on a phone) with keyset "load more". */
export function ContactListPage() {
  const { t } = useTranslation('contacts');
  usePageTitle(t('listTitle'));
  const { orgId = '' } = useParams();
  const { can } = usePermissions(orgId);
  const session = useSession();
  const [filters, setFilters] = useState<ContactFilterState>(initialContactFilters);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const { RecordListTools } = useExtensionPoints();
  const keyword = useDebouncedValue(filters.keyword.trim(), debounceMs.pickerSearch);
  const params = useMemo(
    () => ({ filter: toAdvanceFilter(filters, tagIds, session.user?.id, keyword), sortBy: filters.sortBy, decending: filters.decending }),
    [filters, tagIds, session.user?.id, keyword],
  );
  const list = useContactList(orgId, params);
  const remove = useDeleteContacts(orgId, t('notices.deleted'));
  const transfer = useTransferContacts(orgId, t('notices.transferred'));
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const isFiltered = Object.keys(params.filter).length > 0;
  // A phone gets cards, not the virtual table (issue 29; rc-table's measuring was most of a phone's first load, issue 38).
  const phone = useMediaQuery(phoneQuery);

  const onCreate = can('contact', 'create') ? () => setCreating(true) : undefined;
  const tags = <TagSideView orgId={orgId} kind="customer" checked={tagIds} onChange={setTagIds} counts={first?.groups} />;
  const savedFilters = (
    <SavedFilters
      orgId={orgId}
      current={params.filter}
      onApply={(saved) => {
        const next = fromAdvanceFilter(saved.filter, filters, session.user?.id);
        setFilters(next.state);
        setTagIds(next.tagIds);
      }}
    />
  );
  return (
    <>
      <RecordListLayout side={phone ? null : tags} title={t('listTitle')} createLabel={t('createButton')} onCreate={onCreate}>
        <ContactFilters
          orgId={orgId}
          value={filters}
          onChange={setFilters}
          phone={phone}
          // The filters in force, the search aside (it stays in view on a phone).
          active={Object.keys(toAdvanceFilter(filters, tagIds, session.user?.id, '')).length}
          more={
            <>
              {savedFilters}
              {tags}
            </>
          }
        />
        {phone ? null : savedFilters}
        <ListStatus
          text={first ? `${t('shown', { count: rows.length })} · ${first.totalIsEstimate ? t('total', { count: first.total }) : t('exactTotal', { count: first.total })}` : ''}
        >
          <RecordBulkActions
            orgId={orgId}
            entity={recordEntities.contact}
            selected={selected}
            onDone={() => setSelected([])}
            remove={remove.mutateAsync}
            transfer={transfer.mutateAsync}
          />
          {RecordListTools ? <RecordListTools kind="contact" orgId={orgId} selected={selected} filter={params.filter} /> : null}
          <DuplicatesLink orgId={orgId} kind="contact" label={t('duplicatesLink')} />
        </ListStatus>
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <ContactList
            phone={phone}
            orgId={orgId}
            rows={rows}
            // The cards dim only while they stand for another filter's rows (app/phone.css), not during a background
            // refresh of the same rows; the table shows its spinner for both.
            loading={list.isLoading || (phone ? list.isPlaceholderData : list.isFetching && !list.isFetchingNextPage)}
            selected={selected}
            onSelect={setSelected}
            emptyText={
              <ListEmptyState
                filtered={isFiltered}
                filteredText={t('emptyFiltered')}
                emptyText={t('empty')}
                clearLabel={t('filters.clear')}
                onClear={() => {
                  setFilters(initialContactFilters);
                  setTagIds([]);
                }}
                createLabel={t('createButton')}
                onCreate={onCreate}
              />
            }
          />
        )}
        {list.hasNextPage ? (
          <Space className="load-more">
            <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          </Space>
        ) : null}
      </RecordListLayout>
      <ContactDrawer orgId={orgId} open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
