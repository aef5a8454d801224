import { useEffect } from 'react';
import { Form, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Member } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { useEditMember } from '../../members/index.ts';
import { MemberAccessFields } from './member-access-fields.tsx';

interface EditValues {
  privilegeId: string | null;
  departmentId: string | null;
  roleId: string | null;
  isSystemAdministrator: boolean;
}

/** A member's privilege, department, role and system-administrator flag. */
export function EditMemberDialog({ orgId, member, onClose }: { orgId: string; member: Member | null; onClose: () => void }) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<EditValues>();
  const edit = useEditMember(orgId, t('notices.updated'));
  useEffect(() => {
    if (member) {
      form.setFieldsValue({
        privilegeId: member.privilege?.id ?? null,
        departmentId: member.department?.id ?? null,
        roleId: member.role.id,
        isSystemAdministrator: member.isSystemAdministrator,
      });
    }
  }, [member, form]);
  const close = () => {
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={Boolean(member)}
      title={t('editTitle', { name: member?.name ?? '' })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={edit.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<EditValues>
        form={form}
        name="edit-member"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          if (!member) return;
          edit.mutate(
            {
              memberId: member.memberId,
              privilegeId: values.privilegeId ?? null,
              departmentId: values.departmentId ?? null,
              roleId: values.roleId ?? null,
              // The top administrator always stays one; the server refuses a change anyway.
              ...(member.isTopAdministrator ? {} : { isSystemAdministrator: values.isSystemAdministrator }),
            },
            { onSuccess: close, onError: (error) => form.setFields(fieldErrorsOf(error) as never) },
          );
        }}
      >
        <MemberAccessFields orgId={orgId} />
        <Form.Item
          name="isSystemAdministrator"
          label={t('fields.systemAdministrator')}
          valuePropName="checked"
          extra={member?.isTopAdministrator ? t('fields.topAdministratorHelp') : t('fields.systemAdministratorHelp')}
        >
          <Switch disabled={member?.isTopAdministrator} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
