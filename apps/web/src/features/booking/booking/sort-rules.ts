import { arrayMove } from '@dnd-kit/sortable';

/**
 * A drag of `activeId` onto `overId` in a list where fixed items stay where they are (docs/product.md#states:
 * fixed items cannot be dragged or dropped onto). Only the movable items change order, among the
 * places they already hold. Null when nothing moves or the drop is not allowed.
 */
export function moveKeepingFixed<Item extends { id: string; fixed?: boolean }>(items: Item[], activeId: string, overId: string): string[] | null {
  if (activeId === overId) return null;
  const active = items.find((item) => item.id === activeId);
  const over = items.find((item) => item.id === overId);
  if (!active || !over || active.fixed || over.fixed) return null;
  const movable = items.filter((item) => !item.fixed).map((item) => item.id);
  const reordered = arrayMove(movable, movable.indexOf(activeId), movable.indexOf(overId));
  let next = 0;
  return items.map((item) => (item.fixed ? item.id : reordered[next++]!));
}
