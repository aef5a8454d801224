import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Department } from '@lodestar/contract';
import { EditDialog } from '../../../../shared/ui/edit-dialog.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { OrganizationUserSelect } from '../../members/index.ts';
import { allowedParents } from '../department-tree.ts';
import { useCreateDepartment, useEditDepartment } from '../departments.api.ts';
import { DepartmentTreeSelect } from './department-select.tsx';

interface DepartmentValues {
  name: string;
  parentId: string | null;
  supervisorUserId: string | null;
}

/**
 * Create or edit a department: name, parent (never itself or one of its descendants; the server refuses
 * that too) and direct supervisor. `editing` null with `open` creates; `parentId` presets the parent.
 */
export function DepartmentFormDialog({
  orgId,
  open,
  editing,
  parentId,
  departments,
  onClose,
}: {
  orgId: string;
  open: boolean;
  editing: Department | null;
  parentId: string | null;
  departments: Department[];
  onClose: () => void;
}) {
  const { t } = useTranslation('departments');
  const create = useCreateDepartment(orgId, t('notices.created'));
  const edit = useEditDepartment(orgId, t('notices.updated'));
  return (
    <EditDialog<DepartmentValues>
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      name="department"
      values={
        editing
          ? { name: editing.name, parentId: editing.parentId, supervisorUserId: editing.supervisorUserId }
          : { name: '', parentId, supervisorUserId: null }
      }
      saving={create.isPending || edit.isPending}
      onClose={onClose}
      onSave={(values, handlers) => {
        const body = { name: values.name.trim(), parentId: values.parentId ?? null, supervisorUserId: values.supervisorUserId ?? null };
        if (editing) edit.mutate({ id: editing.id, ...body }, handlers);
        else create.mutate(body, handlers);
      }}
    >
      <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t)]}>
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item name="parentId" label={t('fields.parent')} extra={t('fields.parentHelp')}>
        <DepartmentTreeSelect orgId={orgId} departments={allowedParents(departments, editing?.id ?? null)} placeholder={t('fields.noParent')} />
      </Form.Item>
      <Form.Item name="supervisorUserId" label={t('fields.supervisor')} extra={t('fields.supervisorHelp')}>
        <OrganizationUserSelect orgId={orgId} placeholder={t('fields.noSupervisor')} />
      </Form.Item>
    </EditDialog>
  );
}
