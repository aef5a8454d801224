import { useState } from 'react';
import { Button, List, Select, Space, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { workflowRunStatuses, type MailSendStatus, type Workflow, type WorkflowRun, type WorkflowRunStatus } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';
import { useReplayRun, useWorkflowRuns } from '../workflows.api.ts';
import { StepSummary } from './step-summary.tsx';
import type { WorkspaceChoices } from './workspace-choices.ts';

const statusColors: Record<WorkflowRunStatus, string | undefined> = { pending: tagColors.info, waiting: tagColors.highlight, succeeded: tagColors.success, failed: '#a8071a', skipped: undefined };

export function RunStatus({ status }: { status: WorkflowRunStatus }) {
  const { t } = useTranslation('workflows');
  return <Tag color={statusColors[status]}>{t(`runStatus.${status}`)}</Tag>;
}

const deliveryColors: Record<MailSendStatus, string | undefined> = { queued: tagColors.info, sending: tagColors.info, sent: tagColors.success, unconfirmed: tagColors.warning, failed: '#a8071a' };

/** An e-mail step's mail as it stands: sent, or unconfirmed after a crash (not sent again: a person decides). */
function Delivery({ status }: { status: MailSendStatus }) {
  const { t } = useTranslation('workflows');
  return <Tag color={deliveryColors[status]}>{t('delivery.tag', { status: t(`delivery.${status}`) })}</Tag>;
}

function RunItem({ orgId, run, choices, canReplay }: { orgId: string; run: WorkflowRun; choices: WorkspaceChoices; canReplay: boolean }) {
  const { t } = useTranslation('workflows');
  const replay = useReplayRun(orgId, t('notices.replayed'));
  return (
    <List.Item style={{ display: 'block' }} data-testid="workflow-run">
      <Space wrap size={6} style={{ marginBottom: 4 }}>
        <RunStatus status={run.status} />
        <Typography.Text strong>{run.workflowName}</Typography.Text>
        <Typography.Text>· {run.recordName || '—'}</Typography.Text>
        <Typography.Text type="secondary">
          {t(`triggers.${run.trigger}`, { defaultValue: run.trigger })} · {formatDateTime(run.createdAt)}
        </Typography.Text>
      </Space>
      {run.error && run.steps.every((s) => s.status !== 'failed') ? <Typography.Paragraph type="danger">{t(`runErrors.${run.error}`, { defaultValue: run.error })}</Typography.Paragraph> : null}
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {run.steps.map((step) => (
          <li key={step.index} style={{ marginBottom: 4 }}>
            <Space wrap size={6} align="start">
              <Tag color={step.status === 'succeeded' ? tagColors.success : '#a8071a'}>{t(`stepStatus.${step.status}`)}</Tag>
              <StepSummary type={step.type} input={step.input} choices={choices} />
              {step.delivery ? <Delivery status={step.delivery.status} /> : null}
              {canReplay ? (
                <Button size="small" type="link" icon={<RedoOutlined aria-hidden="true" />} loading={replay.isPending} onClick={() => replay.mutate({ id: run.id, fromStep: step.index })}>
                  {t('log.replay')}
                </Button>
              ) : null}
            </Space>
            {step.error ? <Typography.Paragraph type="danger" style={{ margin: 0, overflowWrap: 'anywhere' }}>{step.error}</Typography.Paragraph> : null}
            {step.delivery?.status === 'unconfirmed' ? <Typography.Paragraph type="warning" style={{ margin: 0 }}>{t('delivery.unconfirmedHelp')}</Typography.Paragraph> : null}
          </li>
        ))}
      </ol>
    </List.Item>
  );
}

/** The run log: every run with its trigger and each step's input, result and error; filters; replay from a step. */
export function RunLog({ orgId, workflows, choices, canReplay }: { orgId: string; workflows: Workflow[]; choices: WorkspaceChoices; canReplay: boolean }) {
  const { t } = useTranslation('workflows');
  const [workflowId, setWorkflowId] = useState<string | undefined>();
  const [status, setStatus] = useState<WorkflowRunStatus | undefined>();
  const runs = useWorkflowRuns(orgId, { workflowId, status });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear style={{ minWidth: 200 }} placeholder={t('log.allWorkflows')} aria-label={t('log.workflowFilter')} value={workflowId} options={workflows.map((w) => ({ value: w.id, label: w.name }))} onChange={setWorkflowId} />
        <Select allowClear style={{ minWidth: 140 }} placeholder={t('log.allOutcomes')} aria-label={t('log.statusFilter')} value={status} options={workflowRunStatuses.map((s) => ({ value: s, label: t(`runStatus.${s}`) }))} onChange={setStatus} />
      </Space>
      {runs.isLoading ? <LoadingState /> : null}
      {runs.isError ? <ErrorState error={runs.error} onRetry={() => void runs.refetch()} /> : null}
      {runs.data ? <List dataSource={runs.data} locale={{ emptyText: t('log.empty') }} renderItem={(run) => <RunItem key={run.id} orgId={orgId} run={run} choices={choices} canReplay={canReplay} />} /> : null}
    </>
  );
}
