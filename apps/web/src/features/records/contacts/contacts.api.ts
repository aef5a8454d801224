import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contactsEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { prefetchAtStart, prefetchInfiniteAtStart, type StartPreloadContext } from '../../../shared/start-preload.ts';
import { organizationUsersQuery } from '../../access/members/index.ts';
import { columnSettingQuery } from '../column-settings/index.ts';
import { customFieldsQuery } from '../custom-fields/index.ts';
import { tagTreeQuery } from '../tags/index.ts';
import { initialContactListParams } from './contact-list-params.ts';
import { contactKeys, type RecordListParams } from '../query-keys.ts';
import { contactRecordApi, listQuery } from '../records/index.ts';

export type ContactListParams = RecordListParams;

/** GET /customerRecently/week: the newest contacts created in the last 7 days (with the week's count). */
export function useRecentContacts(orgId: string, enabled = true) {
  return useQuery({
    queryKey: contactKeys.recent(orgId),
    queryFn: ({ signal }) => call(api.recent, { orgId, signal }),
    enabled,
  });
}

/** The contact list: keyset pages of 50 ("load more"), never OFFSET; the first page brings per-tag counts. */
export function contactListQuery(orgId: string, params: ContactListParams) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(orgId, params),
    queryFn: ({ pageParam, signal }) => call(api.list, { orgId, query: listQuery(params, 50, pageParam, pageParam === null), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useContactList(orgId: string, params: ContactListParams) {
  return useInfiniteQuery({ ...contactListQuery(orgId, params), placeholderData: keepPreviousData });
}

/**
 * The start preload (app/preload.ts) of /{orgId}/contact/list: the first page the list opens with, and what the page
 * asks for as it mounts — the tag tree beside the list, the custom fields and column setting of the table, the users
 * of the owner filter — with the same query options, so none waits for the page's code and render first.
 */
export function preloadContactList({ queryClient, orgId, userId }: StartPreloadContext): void {
  prefetchInfiniteAtStart(queryClient, contactListQuery(orgId, initialContactListParams(userId)));
  prefetchAtStart(queryClient, tagTreeQuery(orgId, 'customer'));
  prefetchAtStart(queryClient, customFieldsQuery(orgId, 'contact'));
  prefetchAtStart(queryClient, columnSettingQuery(orgId, 'contact'));
  prefetchAtStart(queryClient, organizationUsersQuery(orgId));
}

// The hooks contacts share with companies (records/record-api.ts); a change refreshes the contact and its history.
export const {
  useRecord: useContact,
  useView: useContactView,
  useSave: useSaveContact,
  useDelete: useDeleteContacts,
  useTransfer: useTransferContacts,
} = contactRecordApi;
