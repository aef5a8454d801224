import { useMemo, useState } from 'react';
import { Button, Table, type TableColumnsType } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { debounceMs, type CompanyRow, type ListSortField } from '@lodestar/contract';
import { SortControl } from '../../../../shared/ui/sort-control.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useSession } from '../../../../shared/session.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { ListEmptyState, ListStatus, RecordListLayout } from '../../../../shared/ui/record-list-layout.tsx';
import { FoldedFilters } from '../../../../shared/ui/folded-filters.tsx';
import { ListSearch } from '../../../../shared/ui/list-search.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useExtensionPoints } from '../../../../shared/extension-points.tsx';
import { TagSideView } from '../../tags/index.ts';
import { DuplicatesLink } from '../../duplicates/index.ts';
import { RecordBulkActions, recordEntities } from '../../records/index.ts';
import { useFieldColumns, useVisibleColumns } from '../../column-settings/index.ts';
import { dynamicFieldColumns, useCustomFields } from '../../custom-fields/index.ts';
import { OwnerFilterSelect, ownerFilterIds, type OwnerFilter } from '../../../access/members/index.ts';
import { useCompanyPage, useDeleteCompanies, useTransferCompanies } from '../companies.api.ts';
import { CompanyDrawer } from '../components/company-drawer.tsx';
import { EnrichmentButton, EnrichmentStatus } from '../components/company-enrichment.tsx';
import { CompanyCards } from '../components/company-cards.tsx';
import { phoneQuery, useMediaQuery } from '../../../../shared/ui/use-media-query.ts';

/**
 * /{orgId}/company/list: the company table, 25 rows a page (docs/product.md#limits). Pages are keyset cursors,
 * so "next" stays fast at any depth; the cursors seen so far make "previous" work.
 */
export function CompanyListPage() {
  const { t } = useTranslation('companies');
  usePageTitle(t('listTitle'));
  const { orgId = '' } = useParams();
  const { can } = usePermissions(orgId);
  const [keywordInput, setKeywordInput] = useState('');
  const [owner, setOwner] = useState<OwnerFilter>('all');
  const userId = useSession().user?.id;
  const [sort, setSort] = useState<{ sortBy: ListSortField; decending: boolean }>({ sortBy: 'updatedAt', decending: true });
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const { RecordListTools } = useExtensionPoints();
  const keyword = useDebouncedValue(keywordInput.trim(), debounceMs.pickerSearch);
  const params = useMemo(
    () => ({
      filter: { ...(keyword ? { keyword } : {}), ...(tagIds.length ? { tags: tagIds } : {}), ...ownerFilterIds(owner, userId) },
      ...sort,
    }),
    [keyword, tagIds, sort, owner, userId],
  );
  // A new filter starts again at page 1.
  const [paramsSeen, setParamsSeen] = useState(params);
  if (paramsSeen !== params) {
    setParamsSeen(params);
    setCursors([null]);
  }
  const pageIndex = cursors.length - 1;
  const page = useCompanyPage(orgId, params, cursors[pageIndex] ?? null);
  // Per-tag counts come with page 1 and stay while paging on.
  const firstPage = useCompanyPage(orgId, params, null);
  const remove = useDeleteCompanies(orgId, t('notices.deleted'));
  const transfer = useTransferCompanies(orgId, t('notices.transferred'));
  const isFiltered = Boolean(keyword) || tagIds.length > 0 || owner !== 'all';
  const fields = useCustomFields(orgId, 'company');

  const builtIn = useFieldColumns<CompanyRow>('company', {
    phone: (row) => row.phones[0]?.value ?? '',
    address: (row) => row.address ?? '',
    user: (row) => row.owner?.name ?? '',
  });
  const allColumns: TableColumnsType<CompanyRow> = [
    { key: 'company', title: t('fields.name'), render: (_value, row) => <Link to={`/${orgId}/company/detail/${row.id}`}>{row.company}</Link> },
    ...builtIn,
    ...dynamicFieldColumns(fields.data, page.data?.items ?? []),
  ];
  // settings/columnCompanyDisplay: which built-in columns show, in which order.
  const columns = useVisibleColumns(orgId, 'company', allColumns);

  const onCreate = can('company', 'create') ? () => setCreating(true) : undefined;
  const phone = useMediaQuery(phoneQuery);
  const tags = <TagSideView orgId={orgId} kind="company" checked={tagIds} onChange={setTagIds} counts={firstPage.data?.groups} />;
  const emptyText = (
    <ListEmptyState
      filtered={isFiltered}
      filteredText={t('emptyFiltered')}
      emptyText={t('empty')}
      clearLabel={t('filters.clear')}
      onClear={() => {
        setKeywordInput('');
        setTagIds([]);
        setOwner('all');
      }}
      createLabel={t('createButton')}
      onCreate={onCreate}
    />
  );
  return (
    <>
      <RecordListLayout side={phone ? null : tags} title={t('listTitle')} createLabel={t('createButton')} onCreate={onCreate}>
        <FoldedFilters
          phone={phone}
          active={(tagIds.length > 0 ? 1 : 0) + (owner === 'all' ? 0 : 1)}
          label={t('filters.label')}
          search={<ListSearch label={t('filters.search')} value={keywordInput} onChange={setKeywordInput} />}
          more={tags}
        >
          <OwnerFilterSelect
            orgId={orgId}
            className="list-toolbar__select"
            value={owner}
            onChange={setOwner}
            labels={{ control: t('filters.owner'), all: t('filters.ownerAll'), mine: t('filters.ownerMine') }}
          />
          <SortControl sortBy={sort.sortBy} decending={sort.decending} onChange={setSort} />
        </FoldedFilters>
        <ListStatus text={page.data ? (page.data.totalIsEstimate ? t('totalEstimate', { count: page.data.total }) : t('total', { count: page.data.total })) : ''}>
          <RecordBulkActions
            orgId={orgId}
            entity={recordEntities.company}
            selected={selected}
            onDone={() => setSelected([])}
            remove={remove.mutateAsync}
            transfer={transfer.mutateAsync}
          />
          {RecordListTools ? <RecordListTools kind="company" orgId={orgId} selected={selected} filter={params.filter} /> : null}
          <DuplicatesLink orgId={orgId} kind="company" label={t('duplicatesLink')} />
          {can('company', 'edit') ? <EnrichmentButton orgId={orgId} selected={selected} /> : null}
        </ListStatus>
        <EnrichmentStatus orgId={orgId} />
        {page.isError ? (
          <ErrorState error={page.error} onRetry={() => void page.refetch()} />
        ) : phone ? (
          // A phone gets cards, not the table (issue 29): the same selection, empty state and pager.
          <CompanyCards
            orgId={orgId}
            rows={page.data?.items ?? []}
            // Dimmed only while they stand for another filter's or page's rows (app/phone.css), not during a background
            // refresh of the same rows.
            loading={page.isLoading || page.isPlaceholderData}
            selected={selected}
            onSelect={setSelected}
            emptyText={emptyText}
          />
        ) : (
          <Table<CompanyRow>
            className="record-table"
            rowKey="id"
            size="middle"
            pagination={false}
            loading={page.isFetching}
            columns={columns}
            dataSource={page.data?.items ?? []}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            locale={{ emptyText }}
          />
        )}
        <nav className="pager" aria-label={t('pagination')}>
          <Button icon={<LeftOutlined aria-hidden="true" />} disabled={pageIndex === 0} onClick={() => setCursors((list) => list.slice(0, -1))}>
            {t('previous')}
          </Button>
          <span aria-current="page">{t('page', { page: pageIndex + 1 })}</span>
          <Button
            disabled={!page.data?.nextCursor || page.isPlaceholderData}
            onClick={() => setCursors((list) => [...list, page.data?.nextCursor ?? null])}
          >
            {t('next')} <RightOutlined aria-hidden="true" />
          </Button>
        </nav>
      </RecordListLayout>
      <CompanyDrawer orgId={orgId} open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
