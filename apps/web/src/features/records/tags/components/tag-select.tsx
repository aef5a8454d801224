import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag, TagKind } from '@lodestar/contract';
import { useTagTree } from '../tags.api.ts';
import { TagDot } from './tag-dot.tsx';

interface TreeOption {
  value: string;
  title: React.ReactNode;
  label: string;
  selectable: boolean;
  children: TreeOption[];
}

function toOptions(tags: Tag[]): TreeOption[] {
  return tags.map((tag) => ({
    value: tag.id,
    label: tag.name,
    title: (
      <span className="tag-option">
        {tag.isType ? null : <TagDot color={tag.color} />}
        {tag.name}
      </span>
    ),
    // Tag types group tags; they are not applied to records.
    selectable: !tag.isType,
    children: toOptions(tag.children),
  }));
}

/** A tag picker (tree with checkboxes) for a record form; value is the list of tag ids. */
export function TagSelect({ orgId, kind, value, onChange, id }: { orgId: string; kind: TagKind; value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const { t } = useTranslation('tags');
  const tree = useTagTree(orgId, kind);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(next: string[]) => onChange?.(next)}
      treeData={toOptions(tree.data ?? [])}
      // Plain multiple selection: a parent tag does not imply its children.
      multiple
      treeNodeLabelProp="label"
      treeDefaultExpandAll
      loading={tree.isLoading}
      placeholder={t('selectPlaceholder')}
      notFoundContent={t('noTagsYet')}
      allowClear
      showSearch={{ treeNodeFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}
