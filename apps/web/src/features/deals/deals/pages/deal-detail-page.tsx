import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { CheckCircleOutlined, CloseCircleOutlined, CopyOutlined, DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lostStageId, stageChoices, wonStageId, type DealCostLine, type DealProductLine, type DealView } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { OrganizationUserSelect, TransferOwnerButton } from '../../../access/members/index.ts';
import { RecordActivity, RecordFigures, RecordSections } from '../../../records/notes/index.ts';
import { useDealView, useDeleteDeal, useDuplicateDeal, useSaveDeal, useSetDealStage, useTransferDeal } from '../deals.api.ts';
import { DealDrawer } from '../components/deal-drawer.tsx';
import { DealTotals } from '../components/deal-form.tsx';
import { DealInfoCard } from '../components/deal-info.tsx';
import { LostReasonDialog } from '../components/lost-reason-dialog.tsx';
import { LostReasonText } from '../components/lost-reason-text.tsx';
import { useStageLabel } from '../components/stage-label.tsx';
import { useExtensionPoints } from '../../../../shared/extension-points.tsx';
import { QuotesCard } from '../../quotes/index.ts';
import { InvoicesCard } from '../../sales-invoices/index.ts';

function SideTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={2} className="side-title">
      {children}
    </Typography.Title>
  );
}

/** Who works on the deal with its owner; an editor adds or removes colleagues right here (each change saves). */
function CollaboratorsCard({ orgId, deal }: { orgId: string; deal: DealView['deal'] }) {
  const { t } = useTranslation('deals');
  const save = useSaveDeal(orgId, t('notices.updated'));
  const ids = deal.collaborators.map((user) => user.userId);
  return (
    <Card title={<SideTitle>{t('fields.collaborators')}</SideTitle>}>
      {deal.canEdit ? (
        <div className="deal-collaborators-edit" data-testid="deal-collaborators">
          <OrganizationUserSelect
            orgId={orgId}
            mode="multiple"
            aria-label={t('fields.collaborators')}
            placeholder={t('detail.addCollaborators')}
            value={(save.isPending ? save.variables?.body.collaboratorUserIds : undefined) ?? ids}
            excludeUserIds={deal.owner ? [deal.owner.userId] : []}
            disabled={save.isPending}
            onChange={(collaboratorUserIds) => void save.mutateAsync({ id: deal.id, body: { collaboratorUserIds } }).catch(() => undefined)}
          />
        </div>
      ) : deal.collaborators.length > 0 ? (
        <Space size={[4, 4]} wrap data-testid="deal-collaborators">
          {deal.collaborators.map((user) => (
            <Tag key={user.userId}>{user.name}</Tag>
          ))}
        </Space>
      ) : (
        <p className="muted">{t('detail.noCollaboratorsReadOnly')}</p>
      )}
    </Card>
  );
}

function LinesCard({ deal }: { deal: DealView['deal'] }) {
  const { t } = useTranslation('deals');
  const money = (value: string) => formatMoney(value);
  return (
    <Card title={<SideTitle>{t('linesTitle')}</SideTitle>} data-testid="deal-lines">
      <Table<DealProductLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={deal.products}
        locale={{ emptyText: deal.canEdit ? t('detail.noProducts') : t('detail.noProductsReadOnly') }}
        columns={[
          { key: 'name', title: t('fields.product'), render: (_v, row) => <Space size={6}>{row.color ? <span className="swatch-dot" style={{ background: row.color }} aria-hidden="true" /> : null}{row.name}</Space> },
          { key: 'singlePrice', title: t('fields.singlePrice'), align: 'right', width: 150, render: (_v, row) => money(row.singlePrice) },
          { key: 'quotedPrice', title: t('fields.quotedPrice'), align: 'right', width: 150, render: (_v, row) => money(row.quotedPrice) },
          { key: 'num', dataIndex: 'num', title: t('fields.num'), align: 'right', width: 80 },
        ]}
      />
      <Table<DealCostLine>
        className="deal-costs-table"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={deal.costs}
        locale={{ emptyText: deal.canEdit ? t('detail.noCosts') : t('detail.noCostsReadOnly') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('fields.cost') },
          { key: 'singlePrice', title: t('fields.singlePrice'), align: 'right', width: 150, render: (_v, row) => money(row.singlePrice) },
          { key: 'num', dataIndex: 'num', title: t('fields.num'), align: 'right', width: 80 },
        ]}
      />
      <DealTotals productTotal={deal.productTotal} costTotal={deal.costTotal} marginBasis={deal.marginBasis} margin={deal.margin} />
    </Card>
  );
}

/** /{orgId}/deal/detail/{id}: stage, close as won or lost, products, costs and margin, notes and timeline. */
export function DealDetailPage() {
  const { t } = useTranslation('deals');
  const { orgId = '', id = '' } = useParams();
  const navigate = useNavigate();
  const { modal } = feedback;
  const { can, isSystemAdministrator } = usePermissions(orgId);
  const { AddScheduleButton, RecordMail } = useExtensionPoints();
  const view = useDealView(orgId, id);
  const setStage = useSetDealStage(orgId, t('notices.moved'));
  const remove = useDeleteDeal(orgId, t('notices.deleted'));
  const duplicate = useDuplicateDeal(orgId, t('notices.duplicated'));
  const transfer = useTransferDeal(orgId, t('notices.transferred'));
  const labelOf = useStageLabel();
  const [editing, setEditing] = useState(false);
  const [closingLost, setClosingLost] = useState(false);
  usePageTitle(view.data?.deal.name ?? t('detailTitle'));

  if (view.isLoading) return <LoadingState />;
  if (view.isError || !view.data) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  const { deal, fields } = view.data;
  const choices = stageChoices(view.data.stages.filter((stage) => stage.id !== wonStageId && stage.id !== lostStageId));
  const current = choices.find((stage) => stage.id === deal.stage);
  const canEdit = deal.canEdit;

  // Won asks for a confirmation; lost asks why (LostReasonDialog below).
  const close = (stage: typeof wonStageId | typeof lostStageId) => {
    if (stage === lostStageId) {
      setClosingLost(true);
      return;
    }
    modal.confirm({
      title: t('detail.winTitle', { name: deal.name }),
      content: t('detail.winText'),
      okText: t('detail.win'),
      cancelText: t('common:actions.cancel'),
      onOk: () => setStage.mutateAsync({ id: deal.id, stage }),
    });
  };

  return (
    <div className="detail-layout">
      <div className="detail-layout__main page-stack">
        <Card>
          <div className="detail-header">
            <div className="detail-header__text">
              <Typography.Title level={1} className="detail-header__title">
                {deal.name}
              </Typography.Title>
              <Space size={8} wrap>
                <span className="deal-amount" data-testid="deal-amount">{formatMoney(deal.amount)}</span>
                <Tag className={`deal-status deal-status--${deal.status}`} data-testid="deal-status">
                  {t(`statuses.${deal.status}`)}
                </Tag>
                {deal.stage === lostStageId ? <LostReasonText reason={deal.lostReason} note={deal.lostReasonNote} /> : null}
                {deal.isStalled ? (
                  <Tag color="warning" icon={<WarningOutlined aria-hidden="true" />} data-testid="deal-stalled">
                    {t('stalled', { count: deal.stalledDays })}
                  </Tag>
                ) : null}
              </Space>
            </div>
            <Space className="detail-header__actions" wrap>
              {canEdit && deal.stage !== wonStageId ? (
                <Button type="primary" icon={<CheckCircleOutlined aria-hidden="true" />} onClick={() => close(wonStageId)}>
                  {t('detail.win')}
                </Button>
              ) : null}
              {canEdit && deal.stage !== lostStageId ? (
                <Button danger icon={<CloseCircleOutlined aria-hidden="true" />} onClick={() => close(lostStageId)}>
                  {t('detail.lose')}
                </Button>
              ) : null}
              {can('calendar', 'create') && AddScheduleButton ? (
                <AddScheduleButton
                  orgId={orgId}
                  preset={{
                    deal: { id: deal.id, name: deal.name },
                    company: deal.company ? { id: deal.company.id, name: deal.company.name } : null,
                    client: deal.client ? { id: deal.client.id, name: deal.client.name } : null,
                  }}
                />
              ) : null}
              {canEdit ? (
                <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
                  {t('actions.edit')}
                </Button>
              ) : null}
              {can('opportunity', 'transfer') ? (
                <TransferOwnerButton
                  orgId={orgId}
                  count={1}
                  currentOwnerId={deal.owner?.userId}
                  onTransfer={(transferUserId) => transfer.mutateAsync({ dealId: deal.id, transferUserId })}
                />
              ) : null}
              {can('opportunity', 'create') ? (
                <Button
                  icon={<CopyOutlined aria-hidden="true" />}
                  onClick={async () => {
                    const copy = await duplicate.mutateAsync(deal.id);
                    navigate(`/${orgId}/deal/detail/${copy.dealId}`);
                  }}
                >
                  {t('actions.duplicate')}
                </Button>
              ) : null}
              {can('opportunity', 'delete') ? (
                <Button
                  danger
                  type="text"
                  icon={<DeleteOutlined aria-hidden="true" />}
                  onClick={() =>
                    modal.confirm({
                      title: t('deleteTitle', { name: deal.name }),
                      content: t('deleteText'),
                      okText: t('common:actions.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('common:actions.cancel'),
                      onOk: async () => {
                        await remove.mutateAsync(deal.id);
                        navigate(`/${orgId}/deal/list`);
                      },
                    })
                  }
                >
                  {t('actions.delete')}
                </Button>
              ) : null}
            </Space>
          </div>
          <div className="deal-stage-bar">
            <label htmlFor="deal-stage" className="deal-stage-bar__label">
              {t('fields.stage')}
            </label>
            <Select
              id="deal-stage"
              className="deal-stage-bar__select"
              value={deal.stage}
              disabled={!canEdit}
              onChange={(stage: number) => {
                if (stage === wonStageId || stage === lostStageId) close(stage);
                else void setStage.mutateAsync({ id: deal.id, stage });
              }}
              options={choices.map((stage) => ({ value: stage.id, label: t('stageOption', { stage: labelOf(stage), rate: stage.closingRate }) }))}
            />
            <span className="muted">{t('detail.inStage', { count: deal.stalledDays, stage: current ? labelOf(current) : '' })}</span>
          </div>
          <RecordFigures orgId={orgId} entityType="deal" entityId={deal.id} />
        </Card>
        <LinesCard deal={deal} />
        <QuotesCard orgId={orgId} deal={deal} />
        <InvoicesCard orgId={orgId} deal={deal} />
        {RecordMail ? <RecordMail orgId={orgId} entityType="deal" entityId={deal.id} /> : null}
        <RecordSections orgId={orgId} entityType="deal" entityId={deal.id} />
        <Card>
          <RecordActivity
            orgId={orgId}
            entityType="deal"
            entityId={deal.id}
            canWrite={canEdit}
            fieldLabel={(field) => t(`fields.${field}`, { defaultValue: fields.find((f) => f.id === field)?.title ?? field })}
            valueLabel={(field, value) => {
              const stage = field === 'stage' ? choices.find((choice) => choice.id === value) : undefined;
              return stage ? labelOf(stage) : String(value ?? '');
            }}
            initialNotes={view.data.notes}
          />
        </Card>
      </div>
      <div className="detail-layout__side page-stack">
        <DealInfoCard orgId={orgId} deal={deal} fields={fields} />
        <CollaboratorsCard orgId={orgId} deal={deal} />
      </div>
      <DealDrawer orgId={orgId} open={editing} dealId={deal.id} onClose={() => setEditing(false)} />
      <LostReasonDialog
        orgId={orgId}
        dealName={deal.name}
        open={closingLost}
        canConfigure={isSystemAdministrator}
        onCancel={() => setClosingLost(false)}
        onConfirm={async (lost) => {
          await setStage.mutateAsync({ id: deal.id, stage: lostStageId, lost });
          setClosingLost(false);
        }}
      />
    </div>
  );
}
