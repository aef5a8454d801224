import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TagKind } from '@lodestar/contract';
import { TagManagerDrawer, flattenTags, useTagTree } from '../../../../records/tags/index.ts';
import type { StepBodyProps } from './step-body.ts';

export function ContactTagsStep({ orgId }: StepBodyProps) {
  return <TagsStep orgId={orgId} kind="customer" />;
}

export function CompanyTagsStep({ orgId }: StepBodyProps) {
  return <TagsStep orgId={orgId} kind="company" />;
}

/** The workspace's tags of one kind as chips, edited in the tag manager (the contact and company lists' drawer). */
function TagsStep({ orgId, kind }: { orgId: string; kind: TagKind }) {
  const { t } = useTranslation('guide');
  const tree = useTagTree(orgId, kind);
  const [open, setOpen] = useState(false);
  const tags = flattenTags(tree.data ?? []).filter((tag) => !tag.isType);
  const step = kind === 'customer' ? 'contactTags' : 'companyTags';
  return (
    <Space orientation="vertical" size="middle">
      {tags.length === 0 ? (
        <Typography.Text type="secondary">{t('noTagsYet')}</Typography.Text>
      ) : (
        <div className="first-run-guide__chips" aria-label={t(`steps.${step}.title`)}>
          {tags.map((tag) => (
            <Tag key={tag.id} color={tag.color}>
              {tag.name}
            </Tag>
          ))}
        </div>
      )}
      <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t(`steps.${step}.action`)}
      </Button>
      <TagManagerDrawer orgId={orgId} kind={kind} open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}
