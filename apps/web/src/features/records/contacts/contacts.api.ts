import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvanceFilter, Contact, ContactList, ContactSaveInput, ContactView, ListSortField, RecentContacts } from '@lodestar/contract';
import { pageSizes } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { toMultipart } from '../../../shared/multipart.ts';

export interface ContactListParams {
  filter: AdvanceFilter;
  sortBy: ListSortField;
  decending: boolean;
}

export const contactKeys = {
  all: (orgId: string) => ['contacts', orgId] as const,
  list: (orgId: string, params: ContactListParams) => [...contactKeys.all(orgId), 'list', params] as const,
  picker: (orgId: string, keyword: string) => [...contactKeys.all(orgId), 'picker', keyword] as const,
  detail: (orgId: string, id: string) => [...contactKeys.all(orgId), 'detail', id] as const,
  view: (orgId: string, id: string) => [...contactKeys.all(orgId), 'view', id] as const,
  recent: (orgId: string) => [...contactKeys.all(orgId), 'recent'] as const,
};

/** GET /customerRecently/week: the newest contacts created in the last 7 days (with the week's count). */
export function useRecentContacts(orgId: string, enabled = true) {
  return useQuery({
    queryKey: contactKeys.recent(orgId),
    queryFn: ({ signal }) => apiRequest<RecentContacts>('/customerRecently/week', { orgId, signal }),
    enabled,
  });
}

function listQuery(params: ContactListParams, limit: number, cursor: string | null, withGroups: boolean) {
  return {
    advanceFilter: JSON.stringify(params.filter),
    sortBy: params.sortBy,
    decending: params.decending,
    limit,
    cursor: cursor ?? undefined,
    needGroup: withGroups || undefined,
  };
}

/** The contact list: keyset pages of 50 ("load more"), never OFFSET; the first page brings per-tag counts. */
export function useContactList(orgId: string, params: ContactListParams) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(orgId, params),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ContactList>('/page/customer/listV2', { orgId, query: listQuery(params, 50, pageParam, pageParam === null), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The contact picker: 500 rows by name filter (docs/product.md#limits). */
export function useContactPickerList(orgId: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.picker(orgId, keyword),
    queryFn: ({ signal }) =>
      apiRequest<ContactList>('/page/customer/listV2', {
        orgId,
        query: listQuery({ filter: keyword ? { keyword } : {}, sortBy: 'name', decending: false }, pageSizes.picker, null, false),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The contact as the edit drawer needs it. */
export function useContact(orgId: string, id: string | null | undefined) {
  return useQuery({
    queryKey: contactKeys.detail(orgId, id ?? ''),
    queryFn: ({ signal }) => apiRequest<Contact>(`/customer/${id}`, { orgId, signal }),
    enabled: Boolean(id),
  });
}

/** The detail page in one call: the contact, field definitions, notes and the latest timeline. */
export function useContactView(orgId: string, id: string) {
  return useQuery({
    queryKey: contactKeys.view(orgId, id),
    queryFn: ({ signal }) => apiRequest<ContactView>(`/page/customer/view/${id}`, { orgId, pageLookup: true, signal }),
  });
}

/** Create or edit (with `id`): JSON, or multipart when a new avatar is attached. */
/** A contact and its history (timeline) refresh after any change to it. */
function useInvalidateContacts(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['notes', orgId] }),
      queryClient.invalidateQueries({ queryKey: ['trash', orgId] }),
    ]);
}

export function useSaveContact(orgId: string, successMessage: string) {
  const invalidate = useInvalidateContacts(orgId);
  return useMutation({
    mutationFn: ({ body, avatar }: { body: ContactSaveInput; avatar?: File | null }) =>
      apiRequest<{ id: string }>('/customer', {
        method: 'POST',
        orgId,
        body: avatar ? toMultipart(body, avatar) : body,
        successMessage,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteContacts(orgId: string, successMessage: string) {
  const invalidate = useInvalidateContacts(orgId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? apiRequest<unknown>(`/customer/${ids[0]}`, { method: 'DELETE', orgId, successMessage })
        : apiRequest<unknown>('/customer/deleteMuti', { method: 'DELETE', orgId, body: { ids }, successMessage }),
    onSuccess: invalidate,
  });
}

/** Owner transfer, one record or a selection (POST /customer/transfer). */
export function useTransferContacts(orgId: string, successMessage: string) {
  const invalidate = useInvalidateContacts(orgId);
  return useMutation({
    mutationFn: (body: { ids: string[]; ownerUserId: string }) =>
      apiRequest<{ count: number }>('/customer/transfer', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}
