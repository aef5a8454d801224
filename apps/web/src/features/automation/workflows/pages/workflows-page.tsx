import { useMemo, useState } from 'react';
import { Alert, Button, Card, Dropdown, List, Modal, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { workflowTemplates, type Workflow, type WorkflowInput, type WorkflowTemplateKey } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useOrganizationUsers } from '../../../access/members/index.ts';
import { useStageTypes } from '../../../deals/deals/index.ts';
import { flattenTags, useTagTree } from '../../../records/tags/index.ts';
import { RunLog } from '../components/run-log.tsx';
import { WorkflowBuilder, type BuilderTarget } from '../components/workflow-builder.tsx';
import { stageLabel, type WorkspaceChoices } from '../components/workspace-choices.ts';
import { useDeleteWorkflow, useWorkflows, useMailTemplateChoices } from '../workflows.api.ts';

const blank: WorkflowInput = { name: '', description: '', enabled: false, trigger: { type: 'deal.stage_changed' }, conditions: { groups: [] }, steps: [{ type: 'createTask', title: '', assigneeUserId: null, dueInDays: 0 }] };

function State({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('workflows');
  if (workflow.enabled) return <Tag color={tagColors.success}>{t('state.on')}</Tag>;
  if (workflow.pausedReason)
    return (
      <Tooltip title={workflow.pausedAt ? formatDateTime(workflow.pausedAt) : undefined}>
        <Tag color={tagColors.warning}>{t(`state.paused.${workflow.pausedReason}`)}</Tag>
      </Tooltip>
    );
  return <Tag>{t('state.off')}</Tag>;
}

/**
 * /{orgId}/settings/workflows (administrators) and /{orgId}/workflows (members holding the automation privilege):
 * the workflows (a builder per workflow) and their run log (docs/product.md#workflows). */
export function WorkflowsPage() {
  const { t } = useTranslation('workflows');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const workflows = useWorkflows(orgId);
  const stageTypes = useStageTypes(orgId);
  const tags = useTagTree(orgId, 'customer');
  const users = useOrganizationUsers(orgId);
  const mailTemplates = useMailTemplateChoices(orgId);
  const remove = useDeleteWorkflow(orgId, t('notices.deleted'));
  const [target, setTarget] = useState<BuilderTarget | null>(null);
  const [tab, setTab] = useState('workflows');
  // View-only holders see the workflows and the log; building, deleting and replaying need edit (the server checks too).
  const canEdit = usePermissions(orgId).can('automation', 'edit');

  const choices = useMemo<WorkspaceChoices>(
    () => ({
      stages: (stageTypes.data?.items ?? []).flatMap((type) => type.stages.map((s) => ({ value: s.id, label: stageTypes.data!.items.length > 1 ? `${type.stageTypeName} · ${s.label}` : s.label, alertNotice: s.alertNotice }))),
      tags: flattenTags(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
      members: (users.data ?? []).map((u) => ({ value: u.userId, label: u.userInfo.name })),
      templates: (mailTemplates.data ?? []).map((m) => ({ value: m.id, label: m.name })),
    }),
    [stageTypes.data, tags.data, users.data, mailTemplates.data],
  );
  const limits = workflows.data?.limits;
  const triggerText = (w: Workflow) =>
    [t(`triggers.${w.trigger.type}`), w.trigger.stage !== undefined ? stageLabel(choices, w.trigger.stage) : null, w.trigger.days ? t('trigger.daysCount', { count: w.trigger.days }) : null].filter(Boolean).join(' · ');

  const confirmDelete = (workflow: Workflow) =>
    Modal.confirm({
      title: t('deleteTitle', { name: workflow.name }),
      content: t('deleteText'),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => remove.mutateAsync(workflow.id),
    });
  const fromTemplate = (key: WorkflowTemplateKey) => {
    const template = structuredClone(workflowTemplates[key]) as WorkflowInput;
    setTarget({ id: null, draft: { ...template, name: t(`templates.${key}.name`), steps: template.steps.map((s) => ('title' in s ? { ...s, title: t(`templates.${key}.title`, { name: '{{name}}' }) } : 'message' in s ? { ...s, message: t(`templates.${key}.message`, { name: '{{name}}' }) } : s)) } });
  };

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}
    >
      {/* Below the title, not beside it: at phone width the title and two buttons do not fit one line. */}
      {canEdit ? (
        <Space wrap size={8} style={{ marginBottom: 12 }}>
          <Dropdown menu={{ items: (Object.keys(workflowTemplates) as WorkflowTemplateKey[]).map((key) => ({ key, label: t(`templates.${key}.name`) })), onClick: ({ key }) => fromTemplate(key as WorkflowTemplateKey) }}>
              <Button>
                {t('templates.open')} <DownOutlined aria-hidden="true" />
              </Button>
            </Dropdown>
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setTarget({ id: null, draft: structuredClone(blank) })}>
              {t('create')}
            </Button>
        </Space>
      ) : null}
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {limits && !limits.planAllows ? <Alert type="info" showIcon message={t('plan.upgrade')} style={{ marginBottom: 12 }} /> : null}
      {limits ? <Typography.Paragraph type="secondary">{t('plan.limits', { active: limits.active, max: limits.maxActive, perHour: limits.runsPerHour, depth: limits.maxDepth })}</Typography.Paragraph> : null}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'workflows',
            label: t('tabs.workflows'),
            children: (
              <>
                {workflows.isLoading ? <LoadingState /> : null}
                {workflows.isError ? <ErrorState error={workflows.error} onRetry={() => void workflows.refetch()} /> : null}
                {workflows.isSuccess && workflows.data.items.length === 0 ? <EmptyState description={t('empty')} /> : null}
                {workflows.data && workflows.data.items.length > 0 ? (
                  <List
                    dataSource={workflows.data.items}
                    renderItem={(w) => (
                      <List.Item
                        key={w.id}
                        data-testid="workflow-item"
                        actions={canEdit ? [
                          <Button key="edit" type="text" icon={<EditOutlined aria-hidden="true" />} aria-label={t('editOf', { name: w.name })} onClick={() => setTarget({ id: w.id, hook: w.hook, draft: { name: w.name, description: w.description, enabled: w.enabled, trigger: w.trigger, conditions: w.conditions, steps: w.steps } })} />,
                          <Button key="delete" type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('deleteOf', { name: w.name })} onClick={() => confirmDelete(w)} />,
                        ] : []}
                      >
                        <List.Item.Meta
                          title={
                            <Space wrap size={6}>
                              <Typography.Text strong>{w.name}</Typography.Text>
                              <State workflow={w} />
                            </Space>
                          }
                          description={
                            <Space direction="vertical" size={0}>
                              <Typography.Text type="secondary">{triggerText(w)}</Typography.Text>
                              <Typography.Text type="secondary">{t('summaryLine', { count: w.steps.length, owner: w.ownerName })}</Typography.Text>
                            </Space>
                          }
                        />
                      </List.Item>
                    )}
                  />
                ) : null}
              </>
            ),
          },
          { key: 'log', label: t('tabs.log'), children: <RunLog orgId={orgId} workflows={workflows.data?.items ?? []} choices={choices} canReplay={canEdit} /> },
        ]}
      />
      <WorkflowBuilder orgId={orgId} target={target} onClose={() => setTarget(null)} choices={choices} planAllows={limits?.planAllows ?? true} />
    </Card>
  );
}
