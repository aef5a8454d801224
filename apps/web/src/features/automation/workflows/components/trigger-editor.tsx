import { Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { workflowRecordKinds, workflowTriggerTypes, type WorkflowTrigger } from '@lodestar/contract';
import type { WorkspaceChoices } from './workspace-choices.ts';

const full = { width: '100%' };

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
        value={trigger.type}
        options={workflowTriggerTypes.map((type) => ({ value: type, label: t(`triggers.${type}`) }))}
        onChange={(type: WorkflowTrigger['type']) => onChange(type === 'record.created' || type === 'record.updated' ? { type, recordKind: 'deal' } : type === 'deal.stalled' ? { type, days: 7 } : { type })}
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
