import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrivilegeSummary } from '@lodestar/contract';
import { EditDialog } from '../../../../shared/ui/edit-dialog.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCreatePrivilege, useRenamePrivilege } from '../privileges.api.ts';
import { PrivilegeSelect, privilegeLabel } from './privilege-select.tsx';

interface NameValues {
  privilegeName: string;
  copyFromId: string | null;
}

/** Create (optionally copying another privilege's features) or rename. */
export function PrivilegeNameDialog({
  orgId,
  open,
  renaming,
  onClose,
  onCreated,
}: {
  orgId: string;
  open: boolean;
  renaming: Pick<PrivilegeSummary, 'id' | 'privilegeName' | 'isAdministrator' | 'isDefault'> | null;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('privileges');
  const create = useCreatePrivilege(orgId, t('notices.created'));
  const rename = useRenamePrivilege(orgId, t('notices.renamed'));
  // A built-in privilege shows its translated name; saving it unchanged keeps the stored key.
  const shownName = renaming ? privilegeLabel(t, renaming) : '';
  return (
    <EditDialog<NameValues>
      open={open}
      title={renaming ? t('renameTitle') : t('createTitle')}
      name="privilege-name"
      values={{ privilegeName: shownName, copyFromId: null }}
      saving={create.isPending || rename.isPending}
      onClose={onClose}
      onSave={(values, handlers) => {
        const privilegeName = values.privilegeName.trim();
        if (renaming && privilegeName === shownName) handlers.onSuccess();
        else if (renaming) rename.mutate({ id: renaming.id, privilegeName }, handlers);
        else
          create.mutate(
            { privilegeName, copyFromId: values.copyFromId ?? null },
            {
              onSuccess: (created) => {
                handlers.onSuccess();
                onCreated?.(created.id);
              },
              onError: handlers.onError,
            },
          );
      }}
    >
      <Form.Item name="privilegeName" label={t('fields.name')} rules={[requiredRule(t)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      {renaming ? null : (
        <Form.Item name="copyFromId" label={t('fields.copyFrom')} extra={t('fields.copyFromHelp')}>
          <PrivilegeSelect orgId={orgId} placeholder={t('fields.copyNone')} />
        </Form.Item>
      )}
    </EditDialog>
  );
}
