import { Button, Card, Checkbox, Input, InputNumber, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { workflowStepTypes, type WorkflowStep, type WorkflowStepType } from '@lodestar/contract';
import { isMoreStep, MoreStepFields, WaitFields } from './more-step-fields.tsx';
import type { WorkspaceChoices } from './workspace-choices.ts';

/** A new step of a type, with its defaults. */
export function newStep(type: WorkflowStepType): WorkflowStep {
  switch (type) {
    case 'createTask':
      return { type, title: '', assigneeUserId: null, dueInDays: 0 };
    case 'updateField':
      return { type, field: 'closingRate', value: '' };
    case 'addTag':
    case 'removeTag':
      return { type, tagId: '' };
    case 'notify':
      return { type, userIds: [], notifyOwner: true, message: '' };
    case 'wait':
      return { type, amount: 1, unit: 'days' };
    case 'assignOwner':
      return { type, mode: 'roundRobin', userIds: [] };
    case 'createDeal':
      return { type, name: '' };
    case 'callWebhook':
      return { type, url: '' };
    case 'sendLine':
      return { type, text: '' };
    case 'sendEmail':
      return { type, templateId: '', purpose: 'marketing' };
    case 'branch':
      return { type, conditions: { groups: [] }, thenSteps: 1 };
  }
}

const full = { width: '100%' };

function StepFields({ step, onChange, choices }: { step: WorkflowStep; onChange: (step: WorkflowStep) => void; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  if (isMoreStep(step)) return <MoreStepFields step={step} onChange={onChange} choices={choices} />;
  switch (step.type) {
    case 'createTask':
      return (
        <Space direction="vertical" style={full}>
          <Input value={step.title} maxLength={200} placeholder={t('step.taskTitle', { name: '{{name}}' })} aria-label={t('step.taskTitle', { name: '{{name}}' })} onChange={(e) => onChange({ ...step, title: e.target.value })} />
          <Select
            style={full}
            aria-label={t('step.assignee')}
            value={step.assigneeUserId ?? ''}
            options={[{ value: '', label: t('step.recordOwner') }, ...choices.members]}
            onChange={(value: string) => onChange({ ...step, assigneeUserId: value || null })}
          />
          <Space wrap>
            <Typography.Text>{t('step.dueIn')}</Typography.Text>
            <InputNumber min={0} max={365} value={step.dueInDays} aria-label={t('step.dueIn')} onChange={(value) => onChange({ ...step, dueInDays: value ?? 0 })} />
            <Typography.Text>{t('step.days')}</Typography.Text>
          </Space>
        </Space>
      );
    case 'updateField':
      return (
        <Space wrap style={full}>
          <Select
            style={{ minWidth: 160 }}
            aria-label={t('step.field')}
            value={step.field}
            options={(['closingRate', 'amount', 'estimatedEndDate', 'name'] as const).map((f) => ({ value: f, label: t(`fields.${f}`) }))}
            onChange={(field) => onChange({ ...step, field })}
          />
          <Input value={step.value} maxLength={200} placeholder={t('step.newValue')} aria-label={t('step.newValue')} onChange={(e) => onChange({ ...step, value: e.target.value })} />
        </Space>
      );
    case 'addTag':
    case 'removeTag':
      return (
        <Select style={full} aria-label={t('step.tag')} placeholder={t('step.tag')} value={step.tagId || undefined} options={choices.tags} showSearch optionFilterProp="label" onChange={(tagId: string) => onChange({ ...step, tagId })} />
      );
    case 'notify':
      return (
        <Space direction="vertical" style={full}>
          <Checkbox checked={step.notifyOwner} onChange={(e) => onChange({ ...step, notifyOwner: e.target.checked })}>
            {t('step.notifyOwner')}
          </Checkbox>
          <Select mode="multiple" style={full} aria-label={t('step.people')} placeholder={t('step.people')} value={step.userIds} options={choices.members} optionFilterProp="label" onChange={(userIds: string[]) => onChange({ ...step, userIds })} />
          <Input value={step.message} maxLength={200} placeholder={t('step.message')} aria-label={t('step.message')} onChange={(e) => onChange({ ...step, message: e.target.value })} />
        </Space>
      );
    case 'wait':
      return <WaitFields step={step} onChange={onChange} />;
  }
}

/** The steps as a vertical list (not a canvas): each a card with its type, its fields, and move / remove. */
export function StepsEditor({ steps, onChange, choices }: { steps: WorkflowStep[]; onChange: (steps: WorkflowStep[]) => void; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  const set = (index: number, step: WorkflowStep) => onChange(steps.map((s, i) => (i === index ? step : s)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Space direction="vertical" style={full} size={8}>
      {steps.map((step, index) => (
        <Card
          key={index}
          size="small"
          data-testid={`workflow-step-${index}`}
          title={
            <Space wrap size={6}>
              <Typography.Text type="secondary">{index + 1}.</Typography.Text>
              <Select
                size="small"
                style={{ minWidth: 150 }}
                aria-label={t('step.type')}
                virtual={false}
                value={step.type}
                options={workflowStepTypes.map((type) => ({ value: type, label: t(`stepTypes.${type}`) }))}
                onChange={(type: WorkflowStepType) => set(index, newStep(type))}
              />
            </Space>
          }
          extra={
            <Space size={0}>
              <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden="true" />} aria-label={t('step.up')} disabled={index === 0} onClick={() => move(index, -1)} />
              <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden="true" />} aria-label={t('step.down')} disabled={index === steps.length - 1} onClick={() => move(index, 1)} />
              <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('step.remove')} onClick={() => onChange(steps.filter((_, i) => i !== index))} />
            </Space>
          }
        >
          <StepFields step={step} onChange={(next) => set(index, next)} choices={choices} />
        </Card>
      ))}
      <Button icon={<PlusOutlined aria-hidden="true" />} block disabled={steps.length >= 20} onClick={() => onChange([...steps, newStep('createTask')])}>
        {t('step.add')}
      </Button>
    </Space>
  );
}
