import { useState } from 'react';
import { Button, Space } from 'antd';
// antd's Tree itself: its index attaches DirectoryTree with its folder icons (scripts/check-initial-bundle.ts).
import Tree from 'antd/es/tree/Tree.js';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Tag, TagKind } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { tagFeature } from '../tag-rules.ts';
import { useTagTree } from '../tags.api.ts';
import { TagDot } from './tag-dot.tsx';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';
import { PanelCard } from '../../../../shared/ui/panel-card.tsx';
import { LazyDropdown } from '../../../../shared/ui/lazy-dropdown.tsx';

// Managing tags (with drag-and-drop ordering) loads when opened, not with every list page.
const TagManagerDrawer = lazyDialog(() => import('./tag-manager-drawer.tsx').then((m) => m.TagManagerDrawer));
// The create dialogs (antd TreeSelect, InputNumber) likewise load when first opened.
const CreateTagDialog = lazyDialog(() => import('./create-tag-dialog.tsx').then((m) => m.CreateTagDialog));
const CreateTagTypeDialog = lazyDialog(() => import('./create-tag-dialog.tsx').then((m) => m.CreateTagTypeDialog));

interface SideNode {
  key: string;
  title: React.ReactNode;
  checkable: boolean;
  children: SideNode[];
}

/** Hidden tags (isShow 0) stay out of the side view; tag types group without a checkbox. */
function toNodes(tags: Tag[], counts: Record<string, number> | undefined): SideNode[] {
  return tags
    .filter((tag) => tag.isShow === 1)
    .map((tag) => ({
      key: tag.id,
      checkable: !tag.isType,
      title: (
        <span className="tag-option">
          {tag.isType ? null : <TagDot color={tag.color} />}
          <span>{tag.name}</span>
          {!tag.isType && counts?.[tag.id] !== undefined ? <span className="tag-option__count">{counts[tag.id]}</span> : null}
        </span>
      ),
      children: toNodes(tag.children, counts),
    }));
}

export interface TagSideViewProps {
  orgId: string;
  kind: TagKind;
  checked: string[];
  onChange: (tagIds: string[]) => void;
  /** Rows per tag id (listV2 needGroup). */
  counts?: Record<string, number>;
}

/** The tag side view (docs/product.md#screens): the tree with checkboxes filtering a list, plus create and manage. */
export function TagSideView({ orgId, kind, checked, onChange, counts }: TagSideViewProps) {
  const { t } = useTranslation('tags');
  const { can } = usePermissions(orgId);
  const feature = tagFeature(kind);
  const tree = useTagTree(orgId, kind);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState(false);
  const [creatingType, setCreatingType] = useState(false);
  const nodes = toNodes(tree.data ?? [], counts);
  return (
    <PanelCard
      size="small"
      className="tag-side-view"
      title={<h2 className="side-title">{t('sideTitle')}</h2>}
      extra={
        <Space size={4}>
          {can(feature, 'create') ? (
            <LazyDropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'tag', label: t('createTag') },
                  { key: 'type', label: t('createTagType') },
                ],
                onClick: ({ key }) => (key === 'tag' ? setCreating(true) : setCreatingType(true)),
              }}
            >
              <Button size="small" type="text" icon={<PlusOutlined aria-hidden="true" />} aria-label={t('createMenu')} />
            </LazyDropdown>
          ) : null}
          {can(feature, 'edit') ? (
            <Button size="small" type="text" icon={<SettingOutlined aria-hidden="true" />} aria-label={t('manageTags')} onClick={() => setManaging(true)} />
          ) : null}
        </Space>
      }
    >
      {tree.isLoading ? null : nodes.length === 0 ? (
        <p className="side-empty">{can(feature, 'create') ? t('emptyCanCreate') : t('emptyAskAdmin')}</p>
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          blockNode
          treeData={nodes}
          checkedKeys={checked}
          onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
          aria-label={t('sideTitle')}
        />
      )}
      {checked.length > 0 ? (
        <Button size="small" type="link" onClick={() => onChange([])}>
          {t('clearChecked')}
        </Button>
      ) : null}
      <CreateTagDialog orgId={orgId} kind={kind} open={creating} onClose={() => setCreating(false)} />
      <CreateTagTypeDialog orgId={orgId} kind={kind} open={creatingType} onClose={() => setCreatingType(false)} />
      <TagManagerDrawer orgId={orgId} kind={kind} open={managing} onClose={() => setManaging(false)} />
    </PanelCard>
  );
}
