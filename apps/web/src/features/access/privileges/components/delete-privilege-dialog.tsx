import { useEffect, useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrivilegeSummary } from '@lodestar/contract';
import { ApiError } from '../../../../shared/api-client.ts';
import { useDeletePrivilege } from '../privileges.api.ts';
import { PrivilegeSelect } from './privilege-select.tsx';

/**
 * Delete a privilege. While users hold it (or it is assigned to departments or users for a feature)
 * the server refuses unless another privilege is named for them: the dialog asks for one.
 */
export function DeletePrivilegeDialog({
  orgId,
  privilege,
  label,
  onClose,
  onDeleted,
}: {
  orgId: string;
  privilege: PrivilegeSummary | null;
  label: string;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('privileges');
  const remove = useDeletePrivilege(orgId, t('notices.deleted'));
  const [reassignTo, setReassignTo] = useState<string | null>(null);
  const [inUse, setInUse] = useState(false);
  useEffect(() => {
    setReassignTo(null);
    setInUse(Boolean(privilege && privilege.userCount > 0));
  }, [privilege]);
  const needsReassign = inUse;
  return (
    <Modal
      open={Boolean(privilege)}
      title={t('deleteTitle', { name: label })}
      okText={t('common:actions.delete')}
      okButtonProps={{ danger: true, disabled: needsReassign && !reassignTo }}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      confirmLoading={remove.isPending}
      destroyOnHidden
      onOk={() => {
        if (!privilege) return;
        remove.mutate(
          { id: privilege.id, reassignTo: reassignTo ?? undefined },
          {
            onSuccess: () => {
              onClose();
              onDeleted?.();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'PRIVILEGE_IN_USE') setInUse(true);
            },
          },
        );
      }}
    >
      <Typography.Paragraph>{needsReassign ? t('deleteInUseText', { count: privilege?.userCount ?? 0 }) : t('deleteText')}</Typography.Paragraph>
      {needsReassign ? (
        <Form layout="vertical" requiredMark={false} component="div">
          <Form.Item label={t('fields.reassignTo')} htmlFor="privilege-reassign" required>
            <PrivilegeSelect id="privilege-reassign" orgId={orgId} value={reassignTo} onChange={setReassignTo} exclude={privilege?.id} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
