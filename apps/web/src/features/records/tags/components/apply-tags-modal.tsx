import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagKind } from '@lodestar/contract';
import { useApplyTags } from '../tags.api.ts';
import { TagSelect } from './tag-select.tsx';

/** The tags apply dialog of ApplyTagsButton (apply-tags-dialog.tsx): choose tags, then add or remove them. */
export function ApplyTagsModal({ orgId, kind, ids, onDone, open, onClose }: { orgId: string; kind: TagKind; ids: string[]; onDone: () => void; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const apply = useApplyTags(orgId, kind, t('notices.applied'));
  const run = async (remove: boolean) => {
    await apply.mutateAsync({ ids, tagIds, remove });
    onClose();
    setTagIds([]);
    onDone();
  };
  return (
    <Modal
      title={t('applyTitle', { count: ids.length })}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>,
        <Button key="remove" danger disabled={tagIds.length === 0} loading={apply.isPending && apply.variables?.remove} onClick={() => void run(true)}>
          {t('removeButton')}
        </Button>,
        <Button key="add" type="primary" disabled={tagIds.length === 0} loading={apply.isPending && !apply.variables?.remove} onClick={() => void run(false)}>
          {t('applyButton')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('applyChoose')} htmlFor="apply-tags">
          <TagSelect id="apply-tags" orgId={orgId} kind={kind} value={tagIds} onChange={setTagIds} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
