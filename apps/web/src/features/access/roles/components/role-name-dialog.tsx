import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@lodestar/contract';
import { EditDialog } from '../../../../shared/ui/edit-dialog.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCreateRole, useRenameRole } from '../roles.api.ts';

/** Create a custom role, or rename one. */
export function RoleNameDialog({ orgId, open, renaming, onClose }: { orgId: string; open: boolean; renaming: Role | null; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const create = useCreateRole(orgId, t('notices.created'));
  const rename = useRenameRole(orgId, t('notices.renamed'));
  return (
    <EditDialog<{ name: string }>
      open={open}
      title={renaming ? t('renameTitle') : t('createTitle')}
      name="role-name"
      values={{ name: renaming?.name ?? '' }}
      saving={create.isPending || rename.isPending}
      onClose={onClose}
      onSave={({ name }, handlers) => {
        const trimmed = name.trim();
        if (renaming && trimmed === renaming.name) handlers.onSuccess();
        else if (renaming) rename.mutate({ id: renaming.id, name: trimmed }, handlers);
        else create.mutate(trimmed, handlers);
      }}
    >
      <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t), { whitespace: true, message: t('common:validation.required') }]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
    </EditDialog>
  );
}
