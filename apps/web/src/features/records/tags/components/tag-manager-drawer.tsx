import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Input, InputNumber, Popover, Space, Tooltip } from 'antd';
import {
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  HolderOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { defaultColor, type TagKind } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import {
  findParent,
  indent,
  moveNextTo,
  outdent,
  removeTag,
  tagFeature,
  toEditable,
  toTreeBody,
  updateTag,
  type EditableTag,
} from '../tag-rules.ts';
import { useSaveTagTree, useTagTree } from '../tags.api.ts';
import { ColorSwatches } from '../../../../shared/ui/color-swatches.tsx';

interface RowActions {
  kind: TagKind;
  canCreate: boolean;
  canDelete: boolean;
  onChange: (key: string, patch: Partial<EditableTag>) => void;
  onRemove: (key: string) => void;
  onAddChild: (key: string) => void;
  onIndent: (key: string) => void;
  onOutdent: (key: string) => void;
  hasParent: (key: string) => boolean;
  /** Set by a Submit with an unnamed row: every empty name shows its error, not only the ones left by blur. */
  showAllErrors: boolean;
}

function TagRow({ tag, index, depth, actions }: { tag: EditableTag; index: number; depth: number; actions: RowActions }) {
  const { t } = useTranslation('tags');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: tag.key });
  const name = tag.name || t('untitled');
  // A new row starts empty on purpose: it turns red only once left empty (blur) or submitted, not on creation.
  const [visited, setVisited] = useState(false);
  const isInvalid = !tag.name.trim() && (visited || actions.showAllErrors);
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`tag-row${isDragging ? ' tag-row--dragging' : ''}`}>
      <div className="tag-row__line" style={{ paddingInlineStart: depth * 24 }}>
        <button type="button" ref={setActivatorNodeRef} className="tag-row__handle" aria-label={t('manager.drag', { name })} {...attributes} {...listeners}>
          <HolderOutlined aria-hidden="true" />
        </button>
        {tag.isType ? null : (
          <Popover trigger="click" content={<ColorSwatches value={tag.color} onChange={(color) => actions.onChange(tag.key, { color })} />}>
            <button type="button" className="tag-row__color" style={{ background: tag.color }} aria-label={t('manager.color', { name })} />
          </Popover>
        )}
        <Input
          className={tag.isType ? 'tag-row__name tag-row__name--type' : 'tag-row__name'}
          aria-label={tag.isType ? t('fields.typeName') : t('fields.name')}
          value={tag.name}
          maxLength={50}
          status={isInvalid ? 'error' : undefined}
          aria-invalid={isInvalid}
          placeholder={isInvalid ? t('common:validation.required') : undefined}
          onBlur={() => setVisited(true)}
          onChange={(event) => actions.onChange(tag.key, { name: event.target.value })}
        />
        {actions.kind === 'customer' && !tag.isType ? (
          <Tooltip title={t('noticeDayHint')}>
            <InputNumber
              className="tag-row__notice"
              aria-label={t('manager.noticeDay', { name })}
              min={0}
              max={3650}
              precision={0}
              value={tag.noticeDay}
              suffix={t('days')}
              onChange={(value) => actions.onChange(tag.key, { noticeDay: value ?? 0 })}
            />
          </Tooltip>
        ) : null}
        <Space size={0} className="tag-row__actions">
          <Button
            type="text"
            size="small"
            icon={tag.isShow ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
            aria-label={tag.isShow ? t('manager.hide', { name }) : t('manager.show', { name })}
            aria-pressed={tag.isShow === 0}
            onClick={() => actions.onChange(tag.key, { isShow: tag.isShow ? 0 : 1 })}
          />
          {index > 0 ? (
            <Button type="text" size="small" icon={<MenuUnfoldOutlined aria-hidden="true" />} aria-label={t('manager.indent', { name })} onClick={() => actions.onIndent(tag.key)} />
          ) : null}
          {actions.hasParent(tag.key) ? (
            <Button type="text" size="small" icon={<MenuFoldOutlined aria-hidden="true" />} aria-label={t('manager.outdent', { name })} onClick={() => actions.onOutdent(tag.key)} />
          ) : null}
          {actions.canCreate ? (
            <Button type="text" size="small" icon={<PlusOutlined aria-hidden="true" />} aria-label={t('manager.addChild', { name })} onClick={() => actions.onAddChild(tag.key)} />
          ) : null}
          {actions.canDelete ? (
            <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('manager.remove', { name })} onClick={() => actions.onRemove(tag.key)} />
          ) : null}
        </Space>
      </div>
      {tag.children.length > 0 ? <TagLevel tags={tag.children} depth={depth + 1} actions={actions} /> : null}
    </li>
  );
}

function TagLevel({ tags, depth, actions }: { tags: EditableTag[]; depth: number; actions: RowActions }) {
  return (
    <SortableContext items={tags.map((tag) => tag.key)} strategy={verticalListSortingStrategy}>
      <ul className="tag-level">
        {tags.map((tag, index) => (
          <TagRow key={tag.key} tag={tag} index={index} depth={depth} actions={actions} />
        ))}
      </ul>
    </SortableContext>
  );
}

let localKey = 0;
function newTag(isType: boolean): EditableTag {
  localKey += 1;
  return { key: `new-${localKey}`, id: -1, name: '', color: defaultColor, noticeDay: 0, isShow: 1, isType, children: [] };
}

function hasEmptyName(tags: EditableTag[]): boolean {
  return tags.some((tag) => !tag.name.trim() || hasEmptyName(tag.children));
}

/**
 * Tag management (docs/product.md#screens): the nested tree, drag-sort (pointer or keyboard: Space, arrows, Space)
 * across levels, indent/outdent buttons, colour swatches, show/hide, contact cadence (noticeDay);
 * Submit sends the whole tree (settingByTree) and is disabled while saving (docs/product.md#states).
 */
export function TagManagerDrawer({ orgId, kind, open, onClose }: { orgId: string; kind: TagKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const { can } = usePermissions(orgId);
  const feature = tagFeature(kind);
  const tree = useTagTree(orgId, kind);
  const save = useSaveTagTree(orgId, kind, t('notices.saved'));
  const [tags, setTags] = useState<EditableTag[]>([]);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (open && tree.data) setTags(toEditable(tree.data));
    if (open) setShowAllErrors(false);
  }, [open, tree.data]);

  const actions: RowActions = {
    kind,
    canCreate: can(feature, 'create'),
    canDelete: can(feature, 'delete'),
    onChange: (key, patch) => setTags((current) => updateTag(current, key, patch)),
    onRemove: (key) => setTags((current) => removeTag(current, key)),
    onAddChild: (key) =>
      setTags((current) => {
        const child = newTag(false);
        const add = (list: EditableTag[]): EditableTag[] =>
          list.map((tag) => (tag.key === key ? { ...tag, children: [...tag.children, child] } : { ...tag, children: add(tag.children) }));
        return add(current);
      }),
    onIndent: (key) => setTags((current) => indent(current, key)),
    onOutdent: (key) => setTags((current) => outdent(current, key)),
    hasParent: (key) => findParent(tags, key) !== null,
    showAllErrors,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) setTags((current) => moveNextTo(current, String(active.id), String(over.id)));
  };

  return (
    <Drawer
      title={t('manageTags')}
      size={600}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="drawer-footer">
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={save.isPending}
            onClick={async () => {
              if (hasEmptyName(tags)) {
                setShowAllErrors(true);
                return;
              }
              await save.mutateAsync(toTreeBody(tags));
              onClose();
            }}
          >
            {t('common:actions.submit')}
          </Button>
        </Space>
      }
    >
      <p className="tag-manager__hint">{t('manager.hint')}</p>
      {tags.length === 0 ? (
        <Empty description={actions.canCreate ? t('emptyCanCreate') : t('emptyAskAdmin')} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <TagLevel tags={tags} depth={0} actions={actions} />
        </DndContext>
      )}
      {actions.canCreate ? (
        <Space className="tag-manager__add">
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setTags((current) => [...current, newTag(false)])}>
            {t('createTag')}
          </Button>
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setTags((current) => [...current, newTag(true)])}>
            {t('createTagType')}
          </Button>
        </Space>
      ) : null}
    </Drawer>
  );
}
