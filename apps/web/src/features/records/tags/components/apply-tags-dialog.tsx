import { useState } from 'react';
import { Button } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagKind } from '@lodestar/contract';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';

// The dialog (Form, Modal, the tag tree select) loads when first opened: the list shows first.
const ApplyTagsModal = lazyDialog(() => import('./apply-tags-modal.tsx').then((m) => m.ApplyTagsModal));

/** A list's bulk action: add (or remove) tags on the selected records (tags apply). */
export function ApplyTagsButton({ orgId, kind, ids, onDone }: { orgId: string; kind: TagKind; ids: string[]; onDone: () => void }) {
  const { t } = useTranslation('tags');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<TagsOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('applyButton')} ({ids.length})
      </Button>
      <ApplyTagsModal orgId={orgId} kind={kind} ids={ids} onDone={onDone} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
