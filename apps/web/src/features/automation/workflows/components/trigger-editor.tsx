import { Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { workflowDateFields, workflowRecordKinds, workflowTriggerTypes, type WorkflowTrigger } from '@lodestar/contract';
import type { WorkspaceChoices } from './workspace-choices.ts';

const full = { width: '100%' };

/** A trigger of a type with its defaults. */
function defaultTrigger(type: WorkflowTrigger['type']): WorkflowTrigger {
  switch (type) {
    case 'record.created':
    case 'record.updated':
      return { type, recordKind: 'deal' };
    case 'deal.stalled':
      return { type, days: 7 };
    case 'date.reached':
      return { type, dateField: 'deal.estimatedEndDate', daysBefore: 7 };
    case 'contact.idle':
      return { type, days: 90 };
    case 'time.weekly':
      return { type, weekday: 1, time: '09:00' };
    default:
      return { type };
  }
}

const weekdays = [1, 2, 3, 4, 5, 6, 0];
// Every half hour: a weekly schedule needs no finer time, and a list works with a thumb.
const times = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`).map((v) => ({ value: v, label: v }));

/** The details of the triggers added after the first slice: keyword, date and days before, quiet days, weekly slot. */
function MoreTriggerFields({ trigger, onChange }: { trigger: WorkflowTrigger; onChange: (trigger: WorkflowTrigger) => void }) {
  const { t } = useTranslation('workflows');
  switch (trigger.type) {
    case 'message.received':
      return <Input style={full} maxLength={50} placeholder={t('trigger.keyword')} aria-label={t('trigger.keyword')} value={trigger.keyword ?? ''} onChange={(e) => onChange({ ...trigger, keyword: e.target.value.trim() ? e.target.value : undefined })} />;
    case 'date.reached':
      return (
        <Space wrap style={full}>
          <Select style={{ minWidth: 180 }} aria-label={t('trigger.dateField')} value={trigger.dateField} options={workflowDateFields.map((f) => ({ value: f, label: t(`dateFields.${f}`) }))} onChange={(dateField) => onChange({ ...trigger, dateField })} />
          <InputNumber min={0} max={365} value={trigger.daysBefore ?? 0} aria-label={t('trigger.daysBefore')} onChange={(daysBefore) => onChange({ ...trigger, daysBefore: daysBefore ?? 0 })} />
          <Typography.Text>{t('trigger.daysBefore')}</Typography.Text>
        </Space>
      );
    case 'contact.idle':
      return (
        <Space wrap>
          <Typography.Text>{t('trigger.idleFor')}</Typography.Text>
          <InputNumber min={1} max={365} value={trigger.days} aria-label={t('trigger.days')} data-testid="workflow-idle-days" onChange={(days) => onChange({ ...trigger, days: days ?? undefined })} />
          <Typography.Text>{t('step.days')}</Typography.Text>
        </Space>
      );
    case 'time.weekly':
      return (
        <Space wrap>
          <Select style={{ minWidth: 120 }} aria-label={t('trigger.weekday')} value={trigger.weekday} options={weekdays.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))} onChange={(weekday: number) => onChange({ ...trigger, weekday })} />
          <Select style={{ minWidth: 100 }} aria-label={t('trigger.time')} value={trigger.time} options={times} showSearch onChange={(time: string) => onChange({ ...trigger, time })} />
          <Typography.Text type="secondary">{t('trigger.zone')}</Typography.Text>
        </Space>
      );
    default:
      return null;
  }
}

/** When the workflow starts: the trigger type and its details (record kind, field change, stage, days). */
export function TriggerEditor({ trigger, onChange, choices }: { trigger: WorkflowTrigger; onChange: (trigger: WorkflowTrigger) => void; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  const isRecord = trigger.type === 'record.created' || trigger.type === 'record.updated';
  const withStage = trigger.type === 'deal.stage_changed' || trigger.type === 'deal.stalled';
  return (
    <Space direction="vertical" style={full} size={8}>
      <Select
        style={full}
        aria-label={t('trigger.type')}
        data-testid="workflow-trigger"
        virtual={false}
        value={trigger.type}
        options={workflowTriggerTypes.map((type) => ({ value: type, label: t(`triggers.${type}`) }))}
        onChange={(type: WorkflowTrigger['type']) => onChange(defaultTrigger(type))}
      />
      {isRecord ? (
        <Select style={full} aria-label={t('trigger.recordKind')} value={trigger.recordKind} options={workflowRecordKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} onChange={(recordKind) => onChange({ ...trigger, recordKind })} />
      ) : null}
      {trigger.type === 'record.updated' ? (
        <Space wrap style={full}>
          <Input style={{ width: 160 }} placeholder={t('trigger.field')} aria-label={t('trigger.field')} value={trigger.field ?? ''} onChange={(e) => onChange({ ...trigger, field: e.target.value || undefined })} />
          <Input style={{ width: 120 }} placeholder={t('trigger.from')} aria-label={t('trigger.from')} value={trigger.from ?? ''} onChange={(e) => onChange({ ...trigger, from: e.target.value || undefined })} />
          <Input style={{ width: 120 }} placeholder={t('trigger.to')} aria-label={t('trigger.to')} value={trigger.to ?? ''} onChange={(e) => onChange({ ...trigger, to: e.target.value || undefined })} />
        </Space>
      ) : null}
      {withStage ? (
        <Select
          style={full}
          aria-label={t('trigger.stage')}
          data-testid="workflow-stage"
          value={trigger.stage ?? ''}
          options={[{ value: '', label: t('trigger.anyStage') }, ...choices.stages]}
          onChange={(stage: number | '') => onChange({ ...trigger, stage: stage === '' ? undefined : stage })}
        />
      ) : null}
      <MoreTriggerFields trigger={trigger} onChange={onChange} />
      {trigger.type === 'deal.stalled' ? (
        <Space wrap>
          <Typography.Text>{t('trigger.stalledFor')}</Typography.Text>
          <InputNumber min={1} max={365} value={trigger.days} placeholder={t('trigger.alertDays')} aria-label={t('trigger.days')} onChange={(days) => onChange({ ...trigger, days: days ?? undefined })} />
          <Typography.Text>{t('step.days')}</Typography.Text>
        </Space>
      ) : null}
    </Space>
  );
}
