import { useState } from 'react';
import { Button } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';

// The dialog (Form, Modal, the user picker) loads when first opened: a list shows first.
const TransferOwnerDialog = lazyDialog(() => import('./transfer-owner-dialog.tsx').then((m) => m.TransferOwnerDialog));

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
  return (
    <>
      <Button size={size} icon={<SwapOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('transfer.button')}
        {size === 'small' ? ` (${count})` : ''}
      </Button>
      <TransferOwnerDialog orgId={orgId} count={count} currentOwnerId={currentOwnerId} onTransfer={onTransfer} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
