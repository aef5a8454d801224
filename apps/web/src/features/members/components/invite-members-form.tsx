import { Alert, Button, Form, Input, Select } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/api-client.ts';
import { isEmail } from '../../../shared/ui/validation.ts';
import { DepartmentTreeSelect } from '../../departments/index.ts';
import { PrivilegeSelect } from '../../privileges/index.ts';
import { useInviteMembers } from '../members.api.ts';

export interface InviteValues {
  emails: string[];
  privilegeId: string | null;
  departmentId: string | null;
  roleName: string | null;
}

/** Trimmed, lower-cased, duplicates ignored (spec section 5). */
export function normalizeEmails(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return [...new Set(values.map((value) => String(value).trim().toLowerCase()).filter(Boolean))];
}

export function UpgradeTip() {
  const { t } = useTranslation('members');
  return (
    <Alert
      className="form-tip"
      type="info"
      showIcon
      title={t('invite.upgradeTip')}
      action={<Link to="/subscription">{t('invite.upgrade')}</Link>}
    />
  );
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
      initialValues={{ emails: [], privilegeId: null, departmentId: null, roleName: null }}
      onFinish={(values) =>
        invite.mutate(
          {
            emails: normalizeEmails(values.emails),
            privilegeId: values.privilegeId ?? null,
            departmentId: values.departmentId ?? null,
            roleName: values.roleName?.trim() || null,
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
      {canInvite ? null : <UpgradeTip />}
      <Form.Item
        name="emails"
        label={t('fields.emails')}
        extra={t('invite.emailsHelp')}
        normalize={normalizeEmails}
        rules={[
          { required: true, type: 'array', min: 1, message: t('common:validation.required') },
          {
            validator: (_rule, value: string[] | undefined) => {
              const invalid = (value ?? []).find((email) => !isEmail(email));
              return invalid ? Promise.reject(new Error(`${t('common:validation.invalidEmail')}: ${invalid}`)) : Promise.resolve();
            },
          },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', ';']} placeholder={t('invite.emailsPlaceholder')} />
      </Form.Item>
      <Form.Item name="privilegeId" label={t('fields.privilege')}>
        <PrivilegeSelect orgId={orgId} placeholder={t('fields.defaultPrivilege')} />
      </Form.Item>
      <Form.Item name="departmentId" label={t('fields.department')}>
        <DepartmentTreeSelect orgId={orgId} />
      </Form.Item>
      <Form.Item name="roleName" label={t('fields.roleName')} extra={t('fields.roleNameHelp')}>
        <Input maxLength={50} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        {t('invite.submit')}
      </Button>
    </Form>
  );
}
