import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Tabs, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { stageCategories, type SalesStageType, type Stage } from '@lodestar/contract';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useDeleteStage, useSaveStage, useSortStages, useStageTypes, type StageSaveInput } from '../sales-stages.api.ts';
import { PlanLimitHint } from '../../../billing/subscription/index.ts';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';

interface StageFormValues {
  title: string;
  alertNotice: number | null;
  closingRate: number;
  category: Stage['category'];
}

/** The create/edit stage dialog: title, alertNotice (days without activity before the stalled alert), closing rate, category. */
function StageDialog({ orgId, stageTypeId, stage, open, onClose }: { orgId: string; stageTypeId: string; stage: Stage | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('deals');
  const [form] = Form.useForm<StageFormValues>();
  const save = useSaveStage(orgId, stage ? t('notices.updated') : t('notices.created'));
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(stage ? { title: stage.label, alertNotice: stage.alertNotice, closingRate: stage.closingRate, category: stage.category } : { title: '', alertNotice: null, closingRate: 0, category: 'inProgress' });
  }, [open, stage, form]);
  const title = stage ? t('settings.editStage') : t('settings.createStage');
  const submit = async (values: StageFormValues) => {
    const body: StageSaveInput = { title: values.title.trim(), alertNotice: values.alertNotice ?? null, closingRate: values.closingRate ?? 0, category: values.category, ...(stage ? {} : { stageTypeId }) };
    try {
      await save.mutateAsync({ id: stage?.id, body });
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <Modal title={title} open={open} onCancel={onClose} onOk={() => form.submit()} okText={t('common:actions.submit')} cancelText={t('common:actions.cancel')} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} aria-label={title}>
        <Form.Item name="title" label={t('settings.stageTitle')} rules={[requiredRule(t)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="alertNotice" label={t('settings.alertNotice')} extra={t('settings.alertNoticeHint')}>
          <InputNumber min={1} max={3650} precision={0} suffix={t('settings.days')} className="full-width" />
        </Form.Item>
        <Form.Item name="closingRate" label={t('fields.closingRate')} rules={[{ type: 'integer', min: 0, max: 100, message: t('validation.closingRate') }]}>
          <InputNumber min={0} max={100} precision={0} suffix="%" className="full-width" />
        </Form.Item>
        <Form.Item name="category" label={t('settings.category')}>
          <Select options={stageCategories.map((value) => ({ value, label: t(`categories.${value}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StageRow({ stage, onEdit, onDelete }: { stage: Stage; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('deals');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stage.id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`stage-row${isDragging ? ' stage-row--dragging' : ''}`} data-testid="stage-row">
      <button type="button" ref={setActivatorNodeRef} className="stage-row__handle" aria-label={t('settings.dragStage', { name: stage.label })} {...attributes} {...listeners}>
        <HolderOutlined aria-hidden="true" />
      </button>
      <span className="stage-row__title">{stage.label}</span>
      <Tag>{t(`categories.${stage.category}`)}</Tag>
      <span className="stage-row__meta stage-row__rate">{t('percent', { value: stage.closingRate })}</span>
      <span className="stage-row__meta stage-row__alert">{stage.alertNotice ? t('settings.alertAfter', { count: stage.alertNotice }) : t('settings.noAlert')}</span>
      <Space size={0}>
        <Button type="text" size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={t('settings.editOne', { name: stage.label })} onClick={onEdit} />
        <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('settings.deleteOne', { name: stage.label })} onClick={onDelete} />
      </Space>
    </li>
  );
}

function StageList({ orgId, type }: { orgId: string; type: SalesStageType }) {
  const { t } = useTranslation('deals');
  const confirmDelete = useConfirmDelete();
  const sort = useSortStages(orgId, t('notices.sorted'));
  const remove = useDeleteStage(orgId, t('notices.deleted'));
  const [editing, setEditing] = useState<Stage | null>(null);
  const [creating, setCreating] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = type.stages.map((stage) => stage.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    sort.mutate({ stageTypeId: type.uuid, ids: next });
  };
  return (
    <>
      <Space className="settings-toolbar" wrap>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('settings.createStage')}
        </Button>
        <PlanLimitHint orgId={orgId} limit="salesStages" />
      </Space>
      {type.stages.length === 0 ? (
        <EmptyState description={t('settings.noStages')} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="stage-list" aria-label={t('settings.stageOrder')}>
              {type.stages.map((stage) => (
                <StageRow
                  key={stage.id}
                  stage={stage}
                  onEdit={() => setEditing(stage)}
                  onDelete={() =>
                    confirmDelete({
                      title: t('settings.deleteStageTitle', { name: stage.label }),
                      content: t('settings.deleteStageText'),
                      onOk: () => remove.mutateAsync(stage.id),
                    })
                  }
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <p className="muted stage-list__fixed">{t('settings.fixedStages')}</p>
      <StageDialog orgId={orgId} stageTypeId={type.uuid} stage={editing} open={creating || editing !== null} onClose={() => { setCreating(false); setEditing(null); }} />
    </>
  );
}

/**
 * Each stage type's stages, drag-sorted; create and edit in a dialog. The settings page (settings/salesStage) and
 * the first-run guide's sales-stages step show this same editor.
 */
export function SalesStagesEditor({ orgId }: { orgId: string }) {
  const { t } = useTranslation('deals');
  const types = useStageTypes(orgId);
  const items = types.data?.items ?? [];
  return (
    <>
      {types.isLoading ? <LoadingState /> : null}
      {types.isError ? <ErrorState error={types.error} onRetry={() => void types.refetch()} /> : null}
      {items.length === 1 ? <StageList orgId={orgId} type={items[0]!} /> : null}
      {items.length > 1 ? <Tabs items={items.map((type) => ({ key: type.uuid, label: type.isDefault ? t('defaultStageType') : type.stageTypeName, children: <StageList orgId={orgId} type={type} /> }))} /> : null}
    </>
  );
}
