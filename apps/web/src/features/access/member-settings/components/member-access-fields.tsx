import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../departments/index.ts';
import { PrivilegeSelect } from '../../privileges/index.ts';
import { RoleSelect } from '../../roles/index.ts';

/** Privilege, department and role: the same fields when inviting and when editing a member. */
export function MemberAccessFields({ orgId }: { orgId: string }) {
  const { t } = useTranslation('members');
  return (
    <>
      <Form.Item name="privilegeId" label={t('fields.privilege')}>
        <PrivilegeSelect orgId={orgId} placeholder={t('fields.defaultPrivilege')} />
      </Form.Item>
      <Form.Item name="departmentId" label={t('fields.department')}>
        <DepartmentTreeSelect orgId={orgId} />
      </Form.Item>
      <Form.Item name="roleId" label={t('fields.roleName')} extra={t('fields.roleNameHelp')}>
        <RoleSelect orgId={orgId} />
      </Form.Item>
    </>
  );
}
