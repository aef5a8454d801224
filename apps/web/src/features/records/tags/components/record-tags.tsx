import { useState } from 'react';
import { Button, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagKind, TagRef } from '@lodestar/contract';
import { useSetRecordTags } from '../tags.api.ts';
import { RecordTagChip } from './record-tag-chip.tsx';
import { TagSelect } from './tag-select.tsx';

/** A record's tags with an inline editor (singleUpdate); `canEdit` follows the record's edit privilege. */
export function RecordTags({ orgId, kind, recordId, tags, canEdit }: { orgId: string; kind: TagKind; recordId: string; tags: TagRef[]; canEdit: boolean }) {
  const { t } = useTranslation('tags');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<string[]>([]);
  const save = useSetRecordTags(orgId, kind, t('notices.applied'));
  if (editing) {
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="record-tags-editor">
        <TagSelect orgId={orgId} kind={kind} value={value} onChange={setValue} />
        <Space>
          <Button size="small" onClick={() => setEditing(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            size="small"
            type="primary"
            loading={save.isPending}
            onClick={async () => {
              await save.mutateAsync({ id: recordId, tagIds: value });
              setEditing(false);
            }}
          >
            {t('common:actions.save')}
          </Button>
        </Space>
      </Space>
    );
  }
  return (
    <Space wrap size={[4, 4]} data-testid="record-tags">
      {tags.length === 0 ? <span className="muted">{t('noTagsOnRecord')}</span> : null}
      {tags.map((tag) => (
        <RecordTagChip key={tag.id} tag={tag} />
      ))}
      {canEdit ? (
        <Button
          size="small"
          type="link"
          icon={<EditOutlined aria-hidden="true" />}
          onClick={() => {
            setValue(tags.map((tag) => tag.id));
            setEditing(true);
          }}
        >
          {t('editTags')}
        </Button>
      ) : null}
    </Space>
  );
}
