import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UpgradeTip } from '../../../../shared/ui/upgrade-tip.tsx';
import { emailListRule, normalizeEmailList, requiredRule } from '../../../../shared/ui/validation.ts';

export interface CreateWorkspaceValues {
  orgName: string;
  memberEmails: string[];
}

/** Lower-cased, trimmed, duplicates ignored (docs/product.md#validation). */
export const normalizeMemberEmails = normalizeEmailList;

/** Workspace name plus member emails; inviting members needs the team plan (upgrade tip otherwise). */
export function CreateWorkspaceForm({
  canInviteMembers,
  submitting,
  onSubmit,
  onCancel,
  formId = 'create-workspace-form',
}: {
  canInviteMembers: boolean;
  submitting: boolean;
  onSubmit: (values: CreateWorkspaceValues) => void;
  onCancel?: () => void;
  formId?: string;
}) {
  const { t } = useTranslation('organizations');
  const [form] = Form.useForm<CreateWorkspaceValues>();
  return (
    <Form<CreateWorkspaceValues>
      form={form}
      id={formId}
      name={formId}
      layout="vertical"
      requiredMark={false}
      initialValues={{ orgName: '', memberEmails: [] }}
      onFinish={(values) => onSubmit({ orgName: values.orgName.trim(), memberEmails: normalizeMemberEmails(values.memberEmails) })}
    >
      <Form.Item name="orgName" label={t('form.workspaceName')} rules={[requiredRule(t)]}>
        <Input autoFocus maxLength={100} placeholder={t('form.workspaceNamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="memberEmails"
        label={t('form.memberEmails')}
        extra={canInviteMembers ? t('form.memberEmailsHelp') : undefined}
        normalize={normalizeMemberEmails}
        rules={[emailListRule(t)]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          disabled={!canInviteMembers}
          tokenSeparators={[',', ' ', ';']}
          placeholder={canInviteMembers ? t('form.memberEmailsPlaceholder') : undefined}
        />
      </Form.Item>
      {canInviteMembers ? null : (
        <UpgradeTip title={t('form.upgradeTip')} />
      )}
      <div className="form-actions">
        {onCancel ? <Button onClick={onCancel}>{t('common:actions.cancel')}</Button> : null}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('form.create')}
        </Button>
      </div>
    </Form>
  );
}
