import { Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowStep } from '@lodestar/contract';
import { ConditionsEditor } from './conditions-editor.tsx';
import type { WorkspaceChoices } from './workspace-choices.ts';

const full = { width: '100%' };

type MoreStep = Extract<WorkflowStep, { type: 'assignOwner' | 'createDeal' | 'callWebhook' | 'sendLine' | 'branch' }>;

export function isMoreStep(step: WorkflowStep): step is MoreStep {
  return step.type === 'assignOwner' || step.type === 'createDeal' || step.type === 'callWebhook' || step.type === 'sendLine' || step.type === 'branch';
}

/** The fields of the steps added after the first slice: assign the owner, create a deal, call a webhook, branch. */
export function MoreStepFields({ step, onChange, choices }: { step: MoreStep; onChange: (step: WorkflowStep) => void; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  switch (step.type) {
    case 'assignOwner':
      return (
        <Space direction="vertical" style={full}>
          <Select
            style={full}
            aria-label={t('step.assignMode')}
            value={step.mode}
            options={(['roundRobin', 'leastLoaded', 'fixed'] as const).map((mode) => ({ value: mode, label: t(`assignModes.${mode}`) }))}
            onChange={(mode: typeof step.mode) => onChange({ ...step, mode, userIds: mode === 'fixed' ? step.userIds.slice(0, 1) : step.userIds })}
          />
          <Select
            mode={step.mode === 'fixed' ? undefined : 'multiple'}
            style={full}
            aria-label={t('step.assignAmong')}
            placeholder={t('step.assignAmong')}
            value={step.mode === 'fixed' ? step.userIds[0] : step.userIds}
            options={choices.members}
            optionFilterProp="label"
            onChange={(value: string | string[]) => onChange({ ...step, userIds: Array.isArray(value) ? value : [value] })}
          />
        </Space>
      );
    case 'createDeal':
      return (
        <Space direction="vertical" style={full}>
          <Input value={step.name} maxLength={200} placeholder={t('step.dealName', { name: '{{name}}' })} aria-label={t('step.dealName', { name: '{{name}}' })} onChange={(e) => onChange({ ...step, name: e.target.value })} />
          <Space wrap style={full}>
            <Select
              style={{ minWidth: 180 }}
              aria-label={t('trigger.stage')}
              value={step.stage ?? ''}
              options={[{ value: '', label: t('step.firstStage') }, ...choices.stages]}
              onChange={(stage: number | '') => onChange({ ...step, stage: stage === '' ? undefined : stage })}
            />
            <InputNumber min={0} value={step.amount} placeholder={t('fields.amount')} aria-label={t('fields.amount')} onChange={(amount) => onChange({ ...step, amount: amount ?? undefined })} />
          </Space>
        </Space>
      );
    case 'callWebhook':
      return (
        <Space direction="vertical" style={full}>
          <Input type="url" value={step.url} maxLength={500} placeholder="https://" aria-label={t('step.webhookUrl')} onChange={(e) => onChange({ ...step, url: e.target.value })} />
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {step.secret ? t('step.webhookSecret', { secret: step.secret }) : t('step.webhookSecretLater')}
          </Typography.Text>
        </Space>
      );
    case 'sendLine':
      return (
        <Space direction="vertical" style={full}>
          <Input.TextArea value={step.text} maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('step.lineText', { name: '{{name}}' })} aria-label={t('step.lineText', { name: '{{name}}' })} onChange={(e) => onChange({ ...step, text: e.target.value })} />
          <Typography.Text type="secondary">{t('step.lineOptOut')}</Typography.Text>
        </Space>
      );
    case 'branch':
      return (
        <Space direction="vertical" style={full}>
          <ConditionsEditor conditions={step.conditions} choices={choices} onChange={(conditions) => onChange({ ...step, conditions })} />
          <Space wrap>
            <Typography.Text>{t('step.branchThen')}</Typography.Text>
            <InputNumber min={1} max={19} value={step.thenSteps} aria-label={t('step.branchSteps')} onChange={(thenSteps) => onChange({ ...step, thenSteps: thenSteps ?? 1 })} />
            <Typography.Text>{t('step.branchElse')}</Typography.Text>
          </Space>
        </Space>
      );
  }
}
