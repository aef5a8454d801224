import { useMemo, useState } from 'react';
import { Alert, Button, Card, Segmented, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined, WarningOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { debounceMs, defaultDealFieldSetting, isClosedStage, lostStageId, type DealBoardColumn, type DealListColumn, type DealRow, type Stage } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { CursorPager, useCursorPages } from '../../../../shared/ui/cursor-pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useExtensionPoints } from '../../../../shared/extension-points.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { ListSearch } from '../../../../shared/ui/list-search.tsx';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { dynamicFieldColumns, useCustomFields } from '../../../records/custom-fields/index.ts';
import { useDealBoard, useLoadMoreColumn, useMoveDealOnBoard } from '../deal-board.api.ts';
import { useDealFieldSetting } from '../deal-field-settings.api.ts';
import { useDealPage, useDealsFilter, type DealListParams } from '../deals.api.ts';
import { DealBoard } from '../components/deal-board.tsx';
import { useStageName } from '../components/stage-label.tsx';
import { DealStageBadge } from '../components/deal-stage-badge.tsx';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';

// The create drawer loads when opened: rendered closed with the board, its form's code was in the board's first load
// and its stage choices were a request of their own after the board's (bench/README.md, "Lighthouse").
const DealDrawer = lazyDialog(() => import('../components/deal-drawer.tsx').then((m) => m.DealDrawer));
// So does the lost-reason dialog (antd's Modal, Form and Radio), opened by a drop on the lost column.
const LostReasonDialog = lazyDialog(() => import('../components/lost-reason-dialog.tsx').then((m) => m.LostReasonDialog));

type View = 'board' | 'list';

function BoardView({ orgId, stageTypeId, keywords, canMove, onCreate }: { orgId: string; stageTypeId: string | null; keywords: string; canMove: boolean; onCreate: (() => void) | null }) {
  const { t } = useTranslation('deals');
  const board = useDealBoard(orgId, stageTypeId, keywords);
  const typeId = board.data?.stageTypeId ?? stageTypeId ?? '';
  const move = useMoveDealOnBoard(orgId, stageTypeId, keywords, t('notices.moved'));
  const loadMore = useLoadMoreColumn(orgId, stageTypeId, typeId, keywords);
  const { isSystemAdministrator } = usePermissions(orgId);
  // A card dropped on Lost waits here until the user says why (or cancels, and it stays where it was).
  const [losing, setLosing] = useState<{ deal: DealRow; stage: Stage } | null>(null);
  if (board.isLoading) return <LoadingState />;
  if (board.isError || !board.data) return <ErrorState error={board.error} onRetry={() => void board.refetch()} />;
  const isEmpty = board.data.columns.every((column) => column.items.length === 0);
  const hasOwnStages = board.data.columns.some((column) => !isClosedStage(column.stage.id));
  return (
    <>
      {hasOwnStages ? null : (
        <Alert
          className="deal-board__notice"
          type="info"
          showIcon
          title={t('board.noStages')}
          action={<Link to={`/${orgId}/settings/salesStage`}>{t('board.setUpStages')}</Link>}
        />
      )}
      {isEmpty ? (
        // Its own block with room below, so the button never sits on the columns' top edge (issue 21).
        <div className="deal-board__empty" data-testid="deal-board-empty">
          <EmptyState
            description={keywords ? t('emptyFiltered') : onCreate ? t('empty') : t('emptyReadOnly')}
            action={
              onCreate && !keywords ? (
                <Button type="primary" onClick={onCreate}>
                  {t('createButton')}
                </Button>
              ) : null
            }
          />
        </div>
      ) : null}
      <DealBoard
        orgId={orgId}
        columns={board.data.columns}
        canMove={canMove}
        loadingStage={loadMore.isPending ? (loadMore.variables?.stage ?? null) : null}
        onMove={(deal: DealRow, to: Stage) => (to.id === lostStageId ? setLosing({ deal, stage: to }) : move.mutate({ dealId: deal.id, stage: to }))}
        onLoadMore={(column: DealBoardColumn) => {
          if (column.nextCursor && !loadMore.isPending) loadMore.mutate({ stage: column.stage.id, cursor: column.nextCursor });
        }}
      />
      <LostReasonDialog
        orgId={orgId}
        dealName={losing?.deal.title ?? ''}
        open={losing !== null}
        canConfigure={isSystemAdministrator}
        onCancel={() => setLosing(null)}
        onConfirm={async (lost) => {
          if (losing) move.mutate({ dealId: losing.deal.id, stage: losing.stage, lost });
          setLosing(null);
        }}
      />
    </>
  );
}

/** The deal list's filters a statistic links with (docs/product.md#statistics-and-dashboard: every figure drills down). */
const drillKeys = ['scope', 'owner', 'status', 'stageTypeId', 'stage', 'completedFrom', 'completedTo', 'estimatedFrom', 'estimatedTo', 'startFrom', 'startTo', 'productId', 'stalled', 'lostFrom', 'lostTo', 'timeZone', 'closingFrom', 'closingTo'] as const;

function drillOf(search: URLSearchParams): Record<string, string> | undefined {
  const entries = drillKeys.flatMap((key) => {
    const value = search.get(key);
    return value ? [[key, value] as const] : [];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function ListView({
  orgId,
  keywords,
  drill,
  onCreate,
  onClear,
}: {
  orgId: string;
  keywords: string;
  drill: Record<string, string> | undefined;
  onCreate: (() => void) | null;
  onClear: () => void;
}) {
  const { t } = useTranslation('deals');
  const [sortBy, setSortBy] = useState<DealListParams['sortBy']>('createdAt');
  const params = useMemo(() => ({ keywords, sortBy, decending: true, drill }), [keywords, sortBy, drill]);
  const pages = useCursorPages(params);
  const page = useDealPage(orgId, params, pages.cursor);
  const setting = useDealFieldSetting(orgId);
  const stageName = useStageName(orgId);

  const render: Record<DealListColumn, TableColumnsType<DealRow>[number]> = {
    title: {
      key: 'title',
      title: t('fields.title'),
      render: (_v, row) => (
        <Space size={4}>
          <Link to={`/${orgId}/deal/detail/${row.id}`}>{row.title}</Link>
          {row.isStalled ? <WarningOutlined className="stalled-icon" aria-label={t('stalled', { count: row.stalledDays })} /> : null}
        </Space>
      ),
    },
    company: { key: 'company', title: t('fields.company'), render: (_v, row) => (row.company ? <Link to={`/${orgId}/company/detail/${row.company.id}`}>{row.company.name}</Link> : '') },
    contact: { key: 'contact', title: t('fields.contact'), render: (_v, row) => (row.contact ? <Link to={`/${orgId}/contact/detail/${row.contact.id}`}>{row.contact.name}</Link> : '') },
    startDate: { key: 'startDate', dataIndex: 'startDate', title: t('fields.startDate'), width: 120 },
    estimateDate: { key: 'estimateDate', dataIndex: 'estimateDate', title: t('fields.estimateDate'), width: 130 },
    owner: { key: 'owner', title: t('fields.owner'), width: 120, render: (_v, row) => row.owner?.name ?? '' },
    amount: { key: 'amount', title: t('fields.amount'), align: 'right', width: 140, render: (_v, row) => formatMoney(row.amount) },
    stage: { key: 'stage', title: t('fields.stage'), width: 130, render: (_v, row) => <DealStageBadge stage={row.stage} label={stageName(row.stage)} /> },
    closingRate: { key: 'closingRate', title: t('fields.closingRate'), width: 100, align: 'right', render: (_v, row) => t('percent', { value: row.closingRate }) },
    completedDate: { key: 'completedDate', dataIndex: 'completedDate', title: t('fields.completedDate'), width: 130 },
  };
  const fields = useCustomFields(orgId, 'deal');
  const shown = [
    ...(setting.data ?? defaultDealFieldSetting).columns.filter((column) => column.isShow).map((column) => render[column.key]),
    ...dynamicFieldColumns(fields.data, page.data?.items ?? []),
  ];

  return (
    <>
      <div className="list-status">
        <span aria-live="polite">{page.data ? (page.data.totalIsEstimate ? t('totalEstimate', { count: page.data.total }) : t('total', { count: page.data.total })) : ''}</span>
        <Select<DealListParams['sortBy']>
          aria-label={t('sort.label')}
          className="list-toolbar__select"
          value={sortBy}
          onChange={setSortBy}
          options={[
            { value: 'createdAt', label: t('sort.createdAt') },
            { value: 'updatedAt', label: t('sort.updatedAt') },
          ]}
        />
      </div>
      {page.isError ? (
        <ErrorState error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Table<DealRow>
          className="record-table"
          rowKey="id"
          size="middle"
          pagination={false}
          loading={page.isFetching}
          columns={shown}
          dataSource={page.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <EmptyState
                description={keywords ? t('emptyFiltered') : onCreate ? t('empty') : t('emptyReadOnly')}
                action={
                  keywords ? (
                    <Button onClick={onClear}>{t('clearSearch')}</Button>
                  ) : onCreate ? (
                    <Button type="primary" onClick={onCreate}>
                      {t('createButton')}
                    </Button>
                  ) : null
                }
              />
            ),
          }}
        />
      )}
      <CursorPager pageIndex={pages.pageIndex} nextCursor={page.isPlaceholderData ? null : page.data?.nextCursor} onPrevious={pages.previous} onNext={pages.next} />
    </>
  );
}

/** /{orgId}/deal/list: the pipeline as stage columns (board) or a table (list), with a keyword search. */
export function DealListPage() {
  const { t } = useTranslation('deals');
  usePageTitle(t('listTitle'));
  const { orgId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const drillKey = drillKeys.map((key) => search.get(key) ?? '').join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- drillKey is the drill's identity
  const drill = useMemo(() => drillOf(search), [drillKey]);
  const view: View = search.get('view') === 'list' || drill ? 'list' : 'board';
  const { can } = usePermissions(orgId);
  const filter = useDealsFilter(orgId);
  const [stageTypeId, setStageTypeId] = useState<string | null>(null);
  const [keywordInput, setKeywordInput] = useState('');
  const keywords = useDebouncedValue(keywordInput.trim(), debounceMs.pickerSearch);
  const [creating, setCreating] = useState(false);
  const { RecordListTools } = useExtensionPoints();
  const onCreate = can('opportunity', 'create') ? () => setCreating(true) : null;
  const types = filter.data?.stageTypes ?? [];

  return (
    <div className="page-stack">
      <Card
        className="deal-page"
        title={<Typography.Title level={1} className="card-title">{t('listTitle')}</Typography.Title>}
        extra={
          <Space>
            <Link to={`/${orgId}/targets`}>{t('targets.title')}</Link>
            {RecordListTools ? <RecordListTools kind="deal" orgId={orgId} listQuery={{ ...(keywords ? { keywords } : {}), ...drill }} /> : null}
            {onCreate ? (
              <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={onCreate}>
                {t('createButton')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <Space wrap className="list-toolbar">
          <Segmented<View>
            aria-label={t('view.label')}
            value={view}
            onChange={(value) => setSearch(value === 'list' ? { view: 'list' } : {}, { replace: true })}
            options={[
              { value: 'board', label: t('view.board'), icon: <AppstoreOutlined aria-hidden="true" /> },
              { value: 'list', label: t('view.list'), icon: <UnorderedListOutlined aria-hidden="true" /> },
            ]}
          />
          <ListSearch label={t('filters.search')} value={keywordInput} onChange={setKeywordInput} />
          {view === 'board' && types.length > 1 ? (
            <Select
              aria-label={t('filters.stageType')}
              className="list-toolbar__select"
              value={stageTypeId ?? types.find((type) => type.isDefault)?.uuid ?? types[0]?.uuid}
              onChange={setStageTypeId}
              options={types.map((type) => ({ value: type.uuid, label: type.isDefault ? t('defaultStageType') : type.stageTypeName }))}
            />
          ) : null}
        </Space>
        {drill ? (
          <Alert
            className="deal-drill"
            type="info"
            showIcon
            data-testid="deal-drill"
            message={t('drill.message')}
            action={
              <Button size="small" onClick={() => setSearch({ view: 'list' }, { replace: true })}>
                {t('drill.clear')}
              </Button>
            }
          />
        ) : null}
        {view === 'board' ? (
          <BoardView orgId={orgId} stageTypeId={stageTypeId} keywords={keywords} canMove={can('opportunity', 'edit')} onCreate={onCreate} />
        ) : (
          <ListView orgId={orgId} keywords={keywords} drill={drill} onCreate={onCreate} onClear={() => setKeywordInput('')} />
        )}
      </Card>
      <DealDrawer orgId={orgId} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
