import type { AdvanceFilter, ListSortField, noContactDaysOptions } from '@lodestar/contract';
import { ownerFilterIds, type OwnerFilter } from '../../access/members/index.ts';
import type { RecordListParams } from '../query-keys.ts';

/* The contact list's filters as the list API's parameters: pure (no component, no antd), so the start preload
 * (app/preload.ts) asks for the very first page the list page will ask for. */
export interface ContactFilterState {
  keyword: string;
  /** 'all', 'mine' or a user id. */
  owner: OwnerFilter;
  noContactDays?: (typeof noContactDaysOptions)[number];
  important: boolean;
  sortBy: ListSortField;
  decending: boolean;
}

export const initialContactFilters: ContactFilterState = { keyword: '', owner: 'all', important: false, sortBy: 'updatedAt', decending: true };

/** The list's advanceFilter (docs/product.md#api) from the toolbar, the tag side view and the signed-in user. */
export function toAdvanceFilter(state: ContactFilterState, tagIds: string[], userId: string | undefined, keyword: string): AdvanceFilter {
  return {
    ...(keyword ? { keyword } : {}),
    ...(tagIds.length > 0 ? { tags: tagIds } : {}),
    ...ownerFilterIds(state.owner, userId),
    ...(state.noContactDays ? { noContactDays: state.noContactDays } : {}),
    ...(state.important ? { important: true } : {}),
  };
}

/** The first page the list opens with (no filter, no tag, newest change first): what the start preload asks for. */
export function initialContactListParams(userId: string | undefined): RecordListParams {
  return { filter: toAdvanceFilter(initialContactFilters, [], userId, ''), sortBy: initialContactFilters.sortBy, decending: initialContactFilters.decending };
}

/** A saved filter back into the toolbar and the tag side view (the owner "mine" when it names the signed-in user). */
export function fromAdvanceFilter(filter: AdvanceFilter, current: ContactFilterState, userId: string | undefined): { state: ContactFilterState; tagIds: string[] } {
  const owner = filter.owner?.[0];
  return {
    state: {
      ...current,
      keyword: filter.keyword ?? '',
      owner: owner ? (owner === userId ? 'mine' : owner) : 'all',
      noContactDays: filter.noContactDays,
      important: filter.important ?? false,
    },
    tagIds: filter.tags ?? [],
  };
}
