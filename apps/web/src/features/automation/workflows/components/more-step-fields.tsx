import { Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowStep } from '@lodestar/contract';
import { ConditionsEditor } from './conditions-editor.tsx';
import type { WorkspaceChoices } from './workspace-choices.ts';

const full = { width: '100%' };

type MoreStep = Extract<WorkflowStep, { type: 'assignOwner' | 'createDeal' | 'callWebhook' | 'sendLine' | 'sendEmail' | 'branch' }>;

export function isMoreStep(step: WorkflowStep): step is MoreStep {
  return step.type === 'assignOwner' || step.type === 'createDeal' || step.type === 'callWebhook' || step.type === 'sendLine' || step.type === 'sendEmail' || step.type === 'branch';
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
    case 'sendEmail':
      return (
        <Space direction="vertical" style={full}>
          <Select
            style={full}
            aria-label={t('step.template')}
            placeholder={t('step.template')}
            data-testid="workflow-email-template"
            value={step.templateId || undefined}
            options={choices.templates}
            notFoundContent={t('step.noTemplates')}
            onChange={(templateId: string) => onChange({ ...step, templateId })}
          />
          <Select
            style={full}
            aria-label={t('step.purpose')}
            value={step.purpose ?? 'marketing'}
            options={(['marketing', 'service'] as const).map((purpose) => ({ value: purpose, label: t(`purposes.${purpose}`) }))}
            onChange={(purpose: 'marketing' | 'service') => onChange({ ...step, purpose })}
          />
          <Typography.Text type="secondary">{t('step.emailFrom')}</Typography.Text>
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

type WaitStep = Extract<WorkflowStep, { type: 'wait' }>;
// Every half hour, as the weekly trigger's times.
const times = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`).map((v) => ({ value: v, label: v }));

/** Wait N hours or days, or until a date (a field of the record or the webhook's payload, or a fixed day) at a time of day. */
export function WaitFields({ step, onChange }: { step: WaitStep; onChange: (step: WorkflowStep) => void }) {
  const { t } = useTranslation('workflows');
  const mode = step.until ? 'until' : step.unit;
  const setMode = (value: 'hours' | 'days' | 'until') =>
    onChange(value === 'until' ? { ...step, until: { field: 'estimatedEndDate', time: '09:00' } } : { type: 'wait', amount: step.amount, unit: value });
  return (
    <Space wrap style={full}>
      {step.until ? null : <InputNumber min={1} max={365} value={step.amount} aria-label={t('step.waitAmount')} onChange={(value) => onChange({ ...step, amount: value ?? 1 })} />}
      <Select
        style={{ minWidth: 120 }}
        aria-label={t('step.waitUnit')}
        value={mode}
        options={[{ value: 'hours', label: t('step.hours') }, { value: 'days', label: t('step.days') }, { value: 'until', label: t('step.untilDate') }]}
        onChange={setMode}
      />
      {step.until ? (
        <>
          <Input style={{ width: 170 }} value={step.until.date ?? step.until.field ?? ''} aria-label={t('step.untilField')} placeholder={t('step.untilField')}
            onChange={(e) => {
              const value = e.target.value.trim();
              const until = /^\d{4}-\d{2}-\d{2}$/.test(value) ? { date: value, time: step.until!.time } : { field: value || undefined, time: step.until!.time };
              onChange({ ...step, until });
            }}
          />
          <Select style={{ minWidth: 100 }} aria-label={t('trigger.time')} value={step.until.time} options={times} showSearch onChange={(time: string) => onChange({ ...step, until: { ...step.until!, time } })} />
          <Typography.Text type="secondary">{t('trigger.zone')}</Typography.Text>
        </>
      ) : null}
    </Space>
  );
}
