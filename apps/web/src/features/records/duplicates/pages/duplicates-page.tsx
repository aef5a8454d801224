import { useMemo, useState } from 'react';
import { Alert, Button, Card, Grid, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { MergeCellsOutlined, CloseOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DuplicateKind, DuplicatePair } from '@lodestar/contract';
import { formatDate } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';
import { useDismissDuplicate, useDuplicates } from '../duplicates.api.ts';
import { MergeHistory } from '../components/merge-history.tsx';

const MergeDialog = lazyDialog(() => import('../components/merge-dialog.tsx').then((m) => m.MergeDialog));

const keyOf = (pair: DuplicatePair) => pair.records.map((r) => r.id).join(':');

/** /{orgId}/duplicates?kind=: possible duplicates ranked by score with their reasons; merge or "not a duplicate". */
export function DuplicatesPage() {
  const { t } = useTranslation('duplicates');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const kind: DuplicateKind = search.get('kind') === 'company' ? 'company' : 'contact';
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const duplicates = useDuplicates(orgId, kind);
  const dismiss = useDismissDuplicate(orgId, t('notices.dismissed'));
  const rows = useMemo(() => duplicates.data?.pages.flatMap((page) => page.items) ?? [], [duplicates.data]);
  const recordPath = (id: string) => `/${orgId}/${kind}/detail/${id}`;
  // On a phone one column holds the records, then the score, reasons and buttons under them: nothing scrolls sideways.
  const phone = !Grid.useBreakpoint().md;

  const score = (pair: DuplicatePair) => <Tag color={pair.score >= 50 ? 'red' : 'gold'}>{pair.score}</Tag>;
  const reasons = (pair: DuplicatePair) => (
    <Space size={[4, 4]} wrap>
      {pair.reasons.map((reason) => (
        <Tag key={reason}>{t(`reasons.${reason}`)}</Tag>
      ))}
    </Space>
  );
  const actions = (pair: DuplicatePair) => (
    <Space size={4} wrap>
      <Button type="primary" icon={<MergeCellsOutlined aria-hidden="true" />} onClick={() => setMerging(pair)} aria-label={t('mergeOne', { names: pair.records.map((r) => r.name).join(' / ') })}>
        {t('merge')}
      </Button>
      <Button
        icon={<CloseOutlined aria-hidden="true" />}
        loading={dismiss.isPending && dismiss.variables?.recordIds[0] === pair.records[0]!.id}
        onClick={() => void dismiss.mutateAsync({ kind, recordIds: [pair.records[0]!.id, pair.records[1]!.id] })}
      >
        {t('dismiss')}
      </Button>
    </Space>
  );

  const recordsColumn: TableColumnsType<DuplicatePair>[number] = {
      key: 'records',
      title: t('columns.records'),
      render: (_value, pair) => (
        <Space direction="vertical" size={phone ? 8 : 2} className="duplicate-records">
          {pair.records.map((record) => (
            <span key={record.id} className="duplicate-record">
              <Link to={recordPath(record.id)}>{record.name || t('noName')}</Link>
              <Typography.Text type="secondary">
                {' · '}
                {[record.detail, record.ownerName, t('created', { date: formatDate(record.createdAt) })].filter(Boolean).join(' · ')}
              </Typography.Text>
            </span>
          ))}
          {phone ? (
            <>
              <Space size={4} wrap>
                {score(pair)}
                {reasons(pair)}
              </Space>
              {actions(pair)}
            </>
          ) : null}
        </Space>
      ),
  };
  const columns: TableColumnsType<DuplicatePair> = phone
    ? [recordsColumn]
    : [
        recordsColumn,
        { key: 'score', title: t('columns.score'), width: 90, render: (_value, pair) => score(pair) },
        { key: 'reasons', title: t('columns.reasons'), width: 220, render: (_value, pair) => reasons(pair) },
        { key: 'actions', title: t('columns.actions'), width: 250, render: (_value, pair) => actions(pair) },
      ];

  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}>
      <Alert type="info" showIcon className="trash-note" title={t('intro')} />
      <Space className="list-toolbar" wrap>
        <Segmented
          aria-label={t('kindLabel')}
          value={kind}
          onChange={(value) => setSearch({ kind: String(value) }, { replace: true })}
          options={[
            { value: 'contact', label: t('kinds.contact') },
            { value: 'company', label: t('kinds.company') },
          ]}
        />
      </Space>
      {duplicates.isError ? (
        <ErrorState error={duplicates.error} onRetry={() => void duplicates.refetch()} />
      ) : (
        <Table<DuplicatePair>
          rowKey={keyOf}
          size="middle"
          pagination={false}
          loading={duplicates.isLoading}
          columns={columns}
          dataSource={rows}
          scroll={phone ? undefined : { x: 760 }}
          className={phone ? 'one-column-table' : undefined}
          locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        />
      )}
      {duplicates.hasNextPage ? (
        <Space className="load-more">
          <Button loading={duplicates.isFetchingNextPage} onClick={() => void duplicates.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </Space>
      ) : null}
      <MergeHistory orgId={orgId} kind={kind} />
      {merging ? <MergeDialog open orgId={orgId} kind={kind} ids={merging.records.map((r) => r.id)} onClose={() => setMerging(null)} /> : null}
    </Card>
  );
}
