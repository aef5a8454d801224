import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagKind } from '@lodestar/contract';
import { useApplyTags } from '../tags.api.ts';
import { TagSelect } from './tag-select.tsx';

/** A list's bulk action: add (or remove) tags on the selected records (tags apply). */
export function ApplyTagsButton({ orgId, kind, ids, onDone }: { orgId: string; kind: TagKind; ids: string[]; onDone: () => void }) {
  const { t } = useTranslation('tags');
  const [open, setOpen] = useState(false);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const apply = useApplyTags(orgId, kind, t('notices.applied'));
  const run = async (remove: boolean) => {
    await apply.mutateAsync({ ids, tagIds, remove });
    setOpen(false);
    setTagIds([]);
    onDone();
  };
  return (
    <>
      <Button size="small" icon={<TagsOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('applyButton')} ({ids.length})
      </Button>
      <Modal
        title={t('applyTitle', { count: ids.length })}
        open={open}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>
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
    </>
  );
}
