/*
 * The owner filter's choice as the list API's filter: pure, so the start preload (app/preload.ts) can compute a list's
 * first request without the select component and antd.
 */
/** 'all', 'mine', or one user's id. */
export type OwnerFilter = string;

/** The list API's advanceFilter.owner for the toolbar choice ('mine' needs the signed-in user). */
export function ownerFilterIds(value: OwnerFilter, myUserId: string | undefined): { owner?: string[] } {
  if (value === 'all') return {};
  if (value === 'mine') return myUserId ? { owner: [myUserId] } : {};
  return { owner: [value] };
}
