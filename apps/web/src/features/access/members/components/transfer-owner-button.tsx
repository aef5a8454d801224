import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OrganizationUserSelect } from './organization-user-select.tsx';

interface Props {
  orgId: string;
  /** How many records move; above 1 the button shows the count (a list's selection bar). */
  count: number;
  /** The current owner of a single record: not offered as the new owner. */
  currentOwnerId?: string | null;
  size?: 'small' | 'middle';
  /** Sends the transfer (the feature's API hook); the dialog closes when it resolves. */
  onTransfer: (ownerUserId: string) => Promise<unknown>;
}

/**
 * Owner transfer, single or by group (docs/product.md: contacts and companies): a button opening a dialog with the
 * organization user picker. Callers render it only when can(feature, 'transfer').
 */
export function TransferOwnerButton({ orgId, count, currentOwnerId, size, onTransfer }: Props) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState(false);
  const [ownerUserId, setOwnerUserId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setOpen(false);
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
    <>
      <Button size={size} icon={<SwapOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('transfer.button')}
        {size === 'small' ? ` (${count})` : ''}
      </Button>
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
    </>
  );
}
