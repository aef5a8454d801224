import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { HolderOutlined, LockOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { moveKeepingFixed } from '../sort-rules.ts';

interface SortableItem {
  id: string;
  fixed?: boolean;
}

function SortableRow({ id, fixed, handleLabel, fixedLabel, children }: { id: string; fixed: boolean; handleLabel: string; fixedLabel: string; children: ReactNode }) {
  // A fixed item is disabled both as a draggable and as a drop target.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: fixed });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`booking-sort-row${isDragging ? ' booking-sort-row--dragging' : ''}${fixed ? ' booking-sort-row--fixed' : ''}`}
      data-testid="booking-sort-row"
    >
      {fixed ? (
        <span className="booking-sort-row__handle booking-sort-row__handle--locked" role="img" aria-label={fixedLabel}>
          <LockOutlined aria-hidden="true" />
        </span>
      ) : (
        <button type="button" ref={setActivatorNodeRef} className="booking-sort-row__handle" aria-label={handleLabel} {...attributes} {...listeners}>
          <HolderOutlined aria-hidden="true" />
        </button>
      )}
      <div className="booking-sort-row__body">{children}</div>
    </li>
  );
}

/**
 * A drag-sorted list (dnd-kit, mouse and keyboard) whose `fixed` items can't be dragged or dropped onto.
 * The new order shows at once; `onSort` gets the whole ordered id list (the sort save sends all of it).
 */
export function SortableList<Item extends SortableItem>({
  items,
  label,
  handleLabel,
  fixedLabel,
  onSort,
  renderItem,
}: {
  items: Item[];
  label: string;
  handleLabel: (item: Item) => string;
  fixedLabel: string;
  onSort: (ids: string[]) => void;
  renderItem: (item: Item) => ReactNode;
}) {
  const [order, setOrder] = useState<string[]>(() => items.map((item) => item.id));
  useEffect(() => setOrder(items.map((item) => item.id)), [items]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = order.map((id) => byId.get(id)).filter((item): item is Item => item !== undefined);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = moveKeepingFixed(ordered, String(active.id), String(over.id));
    if (!next) return;
    setOrder(next);
    onSort(next);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ordered.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="booking-sort-list" aria-label={label}>
          {ordered.map((item) => (
            <SortableRow key={item.id} id={item.id} fixed={Boolean(item.fixed)} handleLabel={handleLabel(item)} fixedLabel={fixedLabel}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/**
 * A SortableList whose new order is kept until Save (docs/product.md#screens: "Save persists order"); Save sends
 * the whole ordered list, Undo puts the saved order back.
 */
export function SortableListWithSave<Item extends SortableItem>({
  onSave,
  saving,
  saveLabel,
  undoLabel,
  ...list
}: Omit<Parameters<typeof SortableList<Item>>[0], 'onSort'> & { onSave: (ids: string[]) => Promise<unknown>; saving: boolean; saveLabel: string; undoLabel: string }) {
  const [pending, setPending] = useState<string[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => setPending(null), [list.items]);
  return (
    <>
      <SortableList key={version} {...list} onSort={setPending} />
      {pending ? (
        <div className="booking-sort-actions">
          <Button
            onClick={() => {
              setPending(null);
              setVersion((n) => n + 1);
            }}
          >
            {undoLabel}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void onSave(pending).then(() => setPending(null), () => undefined)}>
            {saveLabel}
          </Button>
        </div>
      ) : null}
    </>
  );
}
