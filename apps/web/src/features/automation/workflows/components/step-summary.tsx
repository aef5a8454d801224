import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowStepType } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { memberLabel, stageLabel, tagLabel, templateLabel, type WorkspaceChoices } from './workspace-choices.ts';

/** One step's resolved input in words ("Create task 'Call: …' for the deal's owner on 2026-12-05"): the dry run and the run log. */
export function StepSummary({ type, input, choices }: { type: WorkflowStepType; input: Record<string, unknown>; choices: WorkspaceChoices }) {
  const { t } = useTranslation('workflows');
  const text = (() => {
    switch (type) {
      case 'createTask':
        return t('summary.createTask', { title: input.title, assignee: memberLabel(choices, input.assigneeUserId), date: input.dueDate });
      case 'updateField':
        return t('summary.updateField', { field: t(`fields.${String(input.field)}`, { defaultValue: String(input.field) }), from: input.from ?? '—', to: input.to });
      case 'addTag':
        return t('summary.addTag', { tag: tagLabel(choices, input.tagId) });
      case 'removeTag':
        return t('summary.removeTag', { tag: tagLabel(choices, input.tagId) });
      case 'notify':
        return t('summary.notify', { people: ((input.userIds as string[] | undefined) ?? []).map((id) => memberLabel(choices, id)).join('、') || '—', message: input.message });
      case 'wait':
        return input.until && input.hours === undefined ? t('summary.waitUntil', { until: formatDateTime(String(input.until)) }) : t('summary.wait', { count: Number(input.hours) });
      case 'sendEmail':
        return t('summary.sendEmail', { template: templateLabel(choices, input.templateId), purpose: t(`purposes.${String(input.purpose)}`) });
      case 'assignOwner':
        return t(`summary.assignOwner.${String(input.mode)}`, { people: ((input.userIds as string[] | undefined) ?? []).map((id) => memberLabel(choices, id)).join('、') });
      case 'createDeal':
        return t('summary.createDeal', { name: input.name, stage: input.stage === null ? t('step.firstStage') : stageLabel(choices, input.stage) });
      case 'callWebhook':
        return t('summary.callWebhook', { url: input.url });
      case 'sendLine':
        return t('summary.sendLine', { text: input.text });
      case 'branch':
        return input.matched ? t('summary.branchYes', { count: Number(input.thenSteps) }) : t('summary.branchNo', { count: Number(input.thenSteps) });
    }
  })();
  return <Typography.Text style={{ overflowWrap: 'anywhere' }}>{text}</Typography.Text>;
}
