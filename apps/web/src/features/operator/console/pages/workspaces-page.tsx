import { Button, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { plans, type OperatorWorkspace, type Plan } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { formatInstant, useListState } from '../components/list-state.ts';
import { useFreezeWorkspace, useOperatorWorkspaces, useSetWorkspacePlan } from '../operator.api.ts';

/** /operator/workspaces: every workspace by name or owner e-mail, with its plan, seats, state and last activity. */
export function WorkspacesPage() {
  const { t } = useTranslation('console');
  usePageTitle(t('workspaces.title'));
  const list = useListState();
  const workspaces = useOperatorWorkspaces(list.query);
  const freeze = useFreezeWorkspace(t('workspaces.saved'));
  const setPlan = useSetWorkspacePlan(t('workspaces.saved'));
  const planLabel = (plan: Plan) => t(`subscription:plans.${plan}.name`);

  const columns: TableColumnsType<OperatorWorkspace> = [
    {
      title: t('workspaces.name'),
      key: 'name',
      render: (_, row) => (
        <div>
          <Typography.Text strong>{row.name}</Typography.Text>
          <div className="operator-sub">{row.ownerEmail ?? '—'}</div>
        </div>
      ),
    },
    {
      title: t('workspaces.plan'),
      key: 'plan',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <Select<Plan>
            size="small"
            className="operator-plan-select"
            aria-label={t('workspaces.planOf', { name: row.name })}
            value={row.plan}
            disabled={row.subscriptionStatus !== null && row.subscriptionStatus !== 'ended'}
            options={plans.map((plan) => ({ value: plan, label: planLabel(plan) }))}
            onChange={(plan) => setPlan.mutate({ id: row.id, plan })}
          />
          {row.subscriptionStatus ? <span className="operator-sub">{t(`workspaces.subscription.${row.subscriptionStatus}`)}</span> : null}
        </Space>
      ),
    },
    { title: t('workspaces.seats'), key: 'seats', render: (_, row) => `${row.seatsUsed} / ${row.seatLimit ?? '∞'}` },
    {
      title: t('workspaces.state'),
      key: 'state',
      render: (_, row) => (row.frozen ? <Tag className="operator-tag operator-tag--bad">{t('workspaces.frozen')}</Tag> : <Tag className="operator-tag operator-tag--ok">{t('workspaces.active')}</Tag>),
    },
    { title: t('workspaces.lastActivity'), key: 'lastActivity', render: (_, row) => formatInstant(row.lastActivityAt) },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={t(row.frozen ? 'workspaces.unfreezeConfirm' : 'workspaces.freezeConfirm', { name: row.name })}
          okText={t(row.frozen ? 'workspaces.unfreeze' : 'workspaces.freeze')}
          cancelText={t('list.cancel')}
          onConfirm={() => freeze.mutateAsync({ id: row.id, frozen: !row.frozen })}
        >
          <Button size="small" danger={!row.frozen} aria-label={t(row.frozen ? 'workspaces.unfreezeOf' : 'workspaces.freezeOf', { name: row.name })}>
            {t(row.frozen ? 'workspaces.unfreeze' : 'workspaces.freeze')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section className="operator-page">
      <Typography.Title level={1}>{t('workspaces.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('workspaces.intro')}</Typography.Paragraph>
      <Input.Search className="operator-search" aria-label={t('workspaces.search')} placeholder={t('workspaces.search')} allowClear enterButton onSearch={list.search} />
      <Table<OperatorWorkspace>
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        loading={workspaces.isFetching}
        columns={columns}
        dataSource={workspaces.data?.items ?? []}
        pagination={list.pagination(workspaces.data?.total)}
      />
    </section>
  );
}
