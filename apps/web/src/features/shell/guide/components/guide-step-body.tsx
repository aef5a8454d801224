import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GuideStep, TagKind } from '@lodestar/contract';
import { WorkspaceDetailsCard } from '../../../access/organizations/index.ts';
import { TagManagerDrawer, flattenTags, useTagTree } from '../../../records/tags/index.ts';
import { SalesItemsEditor, SalesStagesEditor } from '../../../deals/deals/index.ts';
import { CalendarSyncProviders } from '../../../calendar/calendar-sync/index.ts';

/**
 * One step's body: the settings form or list that step is about, the same component the settings page shows, so
 * every change is saved through that setting's own API. Loaded on demand (the home page stays light).
 */
export function GuideStepBody({ orgId, step, onSaved }: { orgId: string; step: GuideStep; onSaved: () => void }) {
  const { t } = useTranslation('guide');
  switch (step) {
    case 'companyName':
      return <WorkspaceDetailsCard orgId={orgId} onSaved={onSaved} submitLabel={t('saveAndContinue')} />;
    case 'contactTags':
      return <TagsStep orgId={orgId} kind="customer" />;
    case 'companyTags':
      return <TagsStep orgId={orgId} kind="company" />;
    case 'salesStages':
      return <SalesStagesEditor orgId={orgId} />;
    case 'salesCosts':
      return <SalesItemsEditor orgId={orgId} kind="cost" />;
    case 'calendarSync':
      return <CalendarSyncProviders orgId={orgId} />;
    case 'contactImport':
      return (
        <Link to={`/${orgId}/import/contact`} onClick={onSaved}>
          <Button type="primary" icon={<UploadOutlined aria-hidden="true" />} tabIndex={-1}>
            {t('steps.contactImport.action')}
          </Button>
        </Link>
      );
  }
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
