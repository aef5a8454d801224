import { Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { UpgradeTip } from '../../../../shared/ui/upgrade-tip.tsx';
import { emailListRule, normalizeEmailList } from '../../../../shared/ui/validation.ts';
import { useInviteMembers } from '../../members/index.ts';
import { MemberAccessFields } from './member-access-fields.tsx';

export interface InviteValues {
  emails: string[];
  privilegeId: string | null;
  departmentId: string | null;
  roleId: string | null;
}


/**
 * Create User: invite by email with a privilege, a department and a role. Inviting is a Team plan
 * feature: without it the form is disabled and the upgrade tip links to /subscription.
 */
export function InviteMembersForm({ orgId, canInvite, onInvited }: { orgId: string; canInvite: boolean; onInvited: () => void }) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMembers(orgId, t('notices.invited'));
  return (
    <Form<InviteValues>
      form={form}
      name="invite-members"
      layout="vertical"
      requiredMark={false}
      className="narrow-form"
      disabled={!canInvite}
      initialValues={{ emails: [], privilegeId: null, departmentId: null, roleId: null }}
      onFinish={(values) =>
        invite.mutate(
          {
            emails: normalizeEmailList(values.emails),
            privilegeId: values.privilegeId ?? null,
            departmentId: values.departmentId ?? null,
            roleId: values.roleId ?? null,
          },
          {
            onSuccess: () => {
              form.resetFields();
              onInvited();
            },
            onError: (error) => form.setFields(fieldErrorsOf(error) as never),
          },
        )
      }
    >
      {canInvite ? null : <UpgradeTip title={t('invite.upgradeTip')} />}
      <Form.Item
        name="emails"
        label={t('fields.emails')}
        extra={t('invite.emailsHelp')}
        normalize={normalizeEmailList}
        rules={[
          { required: true, type: 'array', min: 1, message: t('common:validation.required') },
          emailListRule(t),
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', ';']} placeholder={t('invite.emailsPlaceholder')} />
      </Form.Item>
      <MemberAccessFields orgId={orgId} />
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        {t('invite.submit')}
      </Button>
    </Form>
  );
}
