import { Button, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { workflowConditionOps, type WorkflowCondition, type WorkflowConditions } from '@lodestar/contract';
import type { WorkspaceChoices } from './workspace-choices.ts';

const conditionFields = ['stage', 'ownerUserId', 'amount', 'name', 'closingRate', 'tagIds'] as const;
const valueless = new Set(['isEmpty', 'isNotEmpty']);

function ValueInput({ condition, onChange, choices }: { condition: WorkflowCondition; onChange: (value: string) => void; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  if (valueless.has(condition.op)) return null;
  const common = { style: { minWidth: 160, flex: 1 }, 'aria-label': t('condition.value'), value: condition.value || undefined, onChange: (value: string) => onChange(value) };
  if (condition.field === 'stage') return <Select {...common} options={choices.stages.map((s) => ({ value: String(s.value), label: s.label }))} />;
  if (condition.field === 'ownerUserId') return <Select {...common} options={choices.members} showSearch optionFilterProp="label" />;
  if (condition.field === 'tagIds') return <Select {...common} options={choices.tags} showSearch optionFilterProp="label" />;
  return <Input style={{ minWidth: 120, flex: 1 }} aria-label={t('condition.value')} value={condition.value} maxLength={200} onChange={(e) => onChange(e.target.value)} />;
}

/** OR of groups, each the AND of its conditions. */
export function ConditionsEditor({ conditions, onChange, choices }: { conditions: WorkflowConditions; onChange: (conditions: WorkflowConditions) => void; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  const setGroup = (index: number, group: WorkflowCondition[]) =>
    onChange({ groups: conditions.groups.map((g, i) => (i === index ? group : g)).filter((g) => g.length > 0) });
  const blank: WorkflowCondition = { field: 'amount', op: 'gt', value: '' };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8}>
      {conditions.groups.length === 0 ? <Typography.Text type="secondary">{t('condition.none')}</Typography.Text> : null}
      {conditions.groups.map((group, groupIndex) => (
        <div key={groupIndex}>
          {groupIndex > 0 ? <Typography.Text strong>{t('condition.or')}</Typography.Text> : null}
          <div style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 8 }}>
            <Typography.Text type="secondary">{t('condition.allOf')}</Typography.Text>
            {group.map((condition, index) => {
              const set = (next: Partial<WorkflowCondition>) => setGroup(groupIndex, group.map((c, i) => (i === index ? { ...c, ...next } : c)));
              return (
                <Space key={index} wrap style={{ display: 'flex', marginTop: 6 }} size={6}>
                  <Select style={{ minWidth: 120 }} aria-label={t('condition.field')} value={condition.field} options={conditionFields.map((f) => ({ value: f, label: t(`fields.${f}`) }))} onChange={(field: string) => set({ field, value: '' })} />
                  <Select style={{ minWidth: 110 }} aria-label={t('condition.op')} value={condition.op} options={workflowConditionOps.map((op) => ({ value: op, label: t(`ops.${op}`) }))} onChange={(op: WorkflowCondition['op']) => set({ op })} />
                  <ValueInput condition={condition} choices={choices} onChange={(value) => set({ value })} />
                  <Button type="text" danger size="small" icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('condition.remove')} onClick={() => setGroup(groupIndex, group.filter((_, i) => i !== index))} />
                </Space>
              );
            })}
            <Button type="link" size="small" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setGroup(groupIndex, [...group, blank])}>
              {t('condition.and')}
            </Button>
          </div>
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined aria-hidden="true" />} onClick={() => onChange({ groups: [...conditions.groups, [blank]] })}>
        {conditions.groups.length === 0 ? t('condition.add') : t('condition.addOr')}
      </Button>
    </Space>
  );
}
