import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { contactsEndpoints as api, fullName, type EndpointBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { sendOrQueue } from '../../../shared/outbox/send-or-queue.ts';
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
export function recentContactsQuery(orgId: string) {
  return queryOptions({
    queryKey: contactKeys.recent(orgId),
    queryFn: ({ signal }) => call(api.recent, { orgId, signal }),
  });
}

export function useRecentContacts(orgId: string, enabled = true) {
  return useQuery({ ...recentContactsQuery(orgId), enabled });
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

type ContactBody = Exclude<EndpointBody<typeof api.save>, FormData>;

/**
 * The fast-create dialog's new contact: sent at once, or — offline — kept in the outbox (shared/outbox,
 * docs/product.md#offline-outbox) and sent when the network returns; null then (there is no page to open yet).
 */
export function useCreateContact(orgId: string, successMessage: string) {
  const invalidate = contactRecordApi.useInvalidate(orgId);
  return useMutation({
    // Not paused by TanStack Query while offline: sendOrQueue decides whether to send or keep it.
    networkMode: 'always',
    mutationFn: (body: ContactBody) => sendOrQueue(api.save, { orgId, body, successMessage }, { kind: 'contact', label: fullName(body.firstName, body.lastName) }),
    onSuccess: (answer) => {
      if (answer !== null) void invalidate();
    },
  });
}
