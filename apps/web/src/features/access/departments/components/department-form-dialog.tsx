import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Department } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
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
  const [form] = Form.useForm<DepartmentValues>();
  const create = useCreateDepartment(orgId, t('notices.created'));
  const edit = useEditDepartment(orgId, t('notices.updated'));

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { name: editing.name, parentId: editing.parentId, supervisorUserId: editing.supervisorUserId }
        : { name: '', parentId, supervisorUserId: null },
    );
  }, [open, editing, parentId, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const onFinish = (values: DepartmentValues) => {
    const body = { name: values.name.trim(), parentId: values.parentId ?? null, supervisorUserId: values.supervisorUserId ?? null };
    const options = { onSuccess: close, onError: (error: unknown) => form.setFields(fieldErrorsOf(error) as never) };
    if (editing) edit.mutate({ id: editing.id, ...body }, options);
    else create.mutate(body, options);
  };

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || edit.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<DepartmentValues> form={form} name="department" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t)]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="parentId" label={t('fields.parent')} extra={t('fields.parentHelp')}>
          <DepartmentTreeSelect orgId={orgId} departments={allowedParents(departments, editing?.id ?? null)} placeholder={t('fields.noParent')} />
        </Form.Item>
        <Form.Item name="supervisorUserId" label={t('fields.supervisor')} extra={t('fields.supervisorHelp')}>
          <OrganizationUserSelect orgId={orgId} placeholder={t('fields.noSupervisor')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
