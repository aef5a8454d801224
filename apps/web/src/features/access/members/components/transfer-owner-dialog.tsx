import { useState } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrganizationUserSelect } from './organization-user-select.tsx';

interface Props {
  orgId: string;
  count: number;
  currentOwnerId?: string | null;
  onTransfer: (ownerUserId: string) => Promise<unknown>;
  open: boolean;
  onClose: () => void;
}

/** The dialog of TransferOwnerButton (transfer-owner-button.tsx): pick the new owner, then send the transfer. */
export function TransferOwnerDialog({ orgId, count, currentOwnerId, onTransfer, open, onClose }: Props) {
  const { t } = useTranslation('members');
  const [ownerUserId, setOwnerUserId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    onClose();
    setOwnerUserId(null);
  };
  const submit = async () => {
    if (!ownerUserId) return;
    setPending(true);
    try {
      await onTransfer(ownerUserId);
      close();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      title={count > 1 ? t('transfer.titleMany', { count }) : t('transfer.title')}
      open={open}
      onCancel={close}
      destroyOnHidden
      okText={t('transfer.submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: !ownerUserId, loading: pending }}
      onOk={() => void submit()}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('transfer.newOwner')} htmlFor="transfer-owner" extra={t('transfer.hint')}>
          <OrganizationUserSelect
            id="transfer-owner"
            orgId={orgId}
            value={ownerUserId}
            onChange={setOwnerUserId}
            excludeUserIds={currentOwnerId ? [currentOwnerId] : []}
            placeholder={t('transfer.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
