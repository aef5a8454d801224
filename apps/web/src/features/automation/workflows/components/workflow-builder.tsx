import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Drawer, Grid, Input, List, Modal, Space, Switch, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Workflow, WorkflowDryRun, WorkflowInput, WorkflowStep, WorkflowTrigger } from '@lodestar/contract';
import { HookPanel } from './hook-panel.tsx';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useDryRun, useSaveWorkflow } from '../workflows.api.ts';
import { ConditionsEditor } from './conditions-editor.tsx';
import { StepSummary } from './step-summary.tsx';
import { StepsEditor } from './steps-editor.tsx';
import { TriggerEditor } from './trigger-editor.tsx';
import type { WorkspaceChoices } from './workspace-choices.ts';

export interface BuilderTarget {
  id: string | null;
  /** A saved webhook-in workflow's URL and secret state. */
  hook?: Workflow['hook'];
  draft: WorkflowInput;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 15, marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The dry run's answer: the records that would have triggered, each with what its steps would do. */
function DryRunResult({ result, choices }: { result: WorkflowDryRun; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  return (
    <>
      <Typography.Paragraph>{t('dryRun.summary', { count: result.matches.length, scanned: result.scanned })}</Typography.Paragraph>
      <List
        dataSource={result.matches}
        locale={{ emptyText: t('dryRun.none') }}
        renderItem={(match) => (
          <List.Item key={`${match.recordId}-${match.at}`} style={{ display: 'block' }}>
            <Space wrap size={6}>
              <Typography.Text strong>{match.recordName || '—'}</Typography.Text>
              <Typography.Text type="secondary">{t(`kinds.${match.recordKind}`, { defaultValue: match.recordKind })} · {formatDateTime(match.at)}</Typography.Text>
            </Space>
            <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {match.steps.map((step) => (
                <li key={step.index}>
                  <StepSummary type={step.type} input={step.input} choices={choices} />
                </li>
              ))}
            </ol>
          </List.Item>
        )}
      />
    </>
  );
}

/** Create or edit a workflow: name, when, if, then (a vertical list of steps); test it on the last 30 days; switch it on. */
export function WorkflowBuilder({ orgId, target, onClose, choices, planAllows }: { orgId: string; target: BuilderTarget | null; onClose: () => void; choices: WorkspaceChoices; planAllows: boolean }) {
  const { t } = useTranslation('workflows');
  const wide = Grid.useBreakpoint().md ?? true;
  const [draft, setDraft] = useState<WorkflowInput | null>(null);
  const save = useSaveWorkflow(orgId, t('notices.saved'));
  const dryRun = useDryRun(orgId);
  const [result, setResult] = useState<WorkflowDryRun | null>(null);
  useEffect(() => setDraft(target ? structuredClone(target.draft) : null), [target]);
  if (!target || !draft) return null;
  // Functional: a control's handler from an earlier render must not put back an older draft.
  const set = (patch: Partial<WorkflowInput>) => setDraft((current) => (current ? { ...current, ...patch } : current));

  return (
    <Drawer
      open
      width={wide ? 640 : '100%'}
      title={target.id ? t('builder.editTitle') : t('builder.createTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <Switch checked={draft.enabled} onChange={(enabled) => set({ enabled })} aria-label={t('builder.enabled')} disabled={!planAllows} />
            <Typography.Text>{draft.enabled ? t('state.on') : t('state.off')}</Typography.Text>
          </Space>
          <Space wrap>
            <Button icon={<ExperimentOutlined aria-hidden="true" />} loading={dryRun.isPending} onClick={() => dryRun.mutate(draft, { onSuccess: setResult })}>
              {t('builder.dryRun')}
            </Button>
            <Button type="primary" loading={save.isPending} disabled={!planAllows} onClick={() => save.mutate({ id: target.id, body: draft }, { onSuccess: onClose })}>
              {t('builder.save')}
            </Button>
          </Space>
        </Space>
      }
    >
      {!planAllows ? <Alert type="info" showIcon message={t('plan.upgrade')} style={{ marginBottom: 12 }} /> : null}
      <Section title={t('builder.name')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input value={draft.name} maxLength={100} aria-label={t('builder.name')} placeholder={t('builder.namePlaceholder')} onChange={(e) => set({ name: e.target.value })} />
          <Input.TextArea value={draft.description ?? ''} maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} aria-label={t('builder.description')} placeholder={t('builder.description')} onChange={(e) => set({ description: e.target.value })} />
        </Space>
      </Section>
      <Section title={t('builder.when')}>
        <TriggerEditor trigger={draft.trigger as WorkflowTrigger} onChange={(trigger) => set({ trigger })} choices={choices} />
        {draft.trigger.type === 'webhook.received' ? (
          <div style={{ marginTop: 8 }}>
            <HookPanel orgId={orgId} workflowId={target.id} hook={target.hook} />
          </div>
        ) : null}
      </Section>
      <Section title={t('builder.if')}>
        <ConditionsEditor conditions={{ groups: draft.conditions.groups.map((g) => g.map((c) => ({ ...c, value: c.value ?? '' }))) }} onChange={(conditions) => set({ conditions })} choices={choices} />
      </Section>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Section title={t('builder.then')}>
        <StepsEditor steps={draft.steps as WorkflowStep[]} onChange={(steps) => set({ steps })} choices={choices} />
      </Section>
      <Modal open={result !== null} title={t('dryRun.title')} onCancel={() => setResult(null)} footer={<Button onClick={() => setResult(null)}>{t('dryRun.close')}</Button>} width={wide ? 640 : '100%'}>
        {result ? <DryRunResult result={result} choices={choices} /> : null}
      </Modal>
    </Drawer>
  );
}
