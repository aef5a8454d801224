import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { pageSizes, type EndpointBody, type EndpointData, type RecordEndpoints } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { toMultipart } from '../../../shared/multipart.ts';
import { noteKeys, trashKeys, type RecordListParams } from '../query-keys.ts';

/** The key factories a record kind's shared hooks use (query-keys.ts contactKeys / companyKeys). */
interface RecordKeys {
  all: (orgId: string) => QueryKey;
  picker: (orgId: string, keyword: string) => QueryKey;
  detail: (orgId: string, id: string) => QueryKey;
  view: (orgId: string, id: string) => QueryKey;
}

/** The list endpoint's query for a filter, page size and keyset cursor (the first page may bring per-tag counts). */
export function listQuery(params: RecordListParams, limit: number, cursor: string | null, withGroups: boolean) {
  return {
    advanceFilter: JSON.stringify(params.filter),
    sortBy: params.sortBy,
    // Query strings carry text: the same 'true'/'false' the URL had when booleans were passed.
    decending: params.decending ? ('true' as const) : ('false' as const),
    limit,
    cursor: cursor ?? undefined,
    needGroup: withGroups ? ('true' as const) : undefined,
  };
}

/** Whether a query key names one of these records (its view, its edit form, its notes or timeline). */
export function isAboutRecords(queryKey: QueryKey, ids: readonly string[]): boolean {
  if (ids.length === 0) return false;
  const text = JSON.stringify(queryKey);
  return ids.some((id) => text.includes(`"${id}"`));
}

/**
 * The hooks contacts and companies share, written once over the record kind's endpoints (contract
 * recordEndpointDefs) and query keys: picker list, one record, detail view, save, delete, owner transfer.
 * `related`: other keys a change refreshes besides the kind's own, its history (notes, timeline) and the trash.
 */
export function recordApi<A extends RecordEndpoints>(endpoints: A, keys: RecordKeys, related: (orgId: string) => QueryKey[] = () => []) {
  // Written once for both kinds; each answer keeps its kind's type from the contract.
  const api: RecordEndpoints = endpoints;
  type Data<N extends keyof RecordEndpoints> = EndpointData<A[N]>;

  /** Refreshes what a change touches; `deletedIds`' own queries are left alone (refetching them only answers 404). */
  function useInvalidate(orgId: string) {
    const queryClient = useQueryClient();
    return (deletedIds: readonly string[] = []) =>
      Promise.all(
        [keys.all(orgId), ...related(orgId), noteKeys.all(orgId), trashKeys.all(orgId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => !isAboutRecords(query.queryKey, deletedIds) }),
        ),
      );
  }

  return {
    useInvalidate,

    /** The picker: 500 rows by name filter (docs/product.md#limits). */
    usePickerList(orgId: string, keyword: string, enabled: boolean) {
      return useQuery({
        queryKey: keys.picker(orgId, keyword),
        queryFn: ({ signal }) =>
          call(api.list, {
            orgId,
            query: listQuery({ filter: keyword ? { keyword } : {}, sortBy: 'name', decending: false }, pageSizes.picker, null, false),
            signal,
          }) as Promise<Data<'list'>>,
        enabled,
        placeholderData: keepPreviousData,
      });
    },

    /** The record as the edit drawer needs it. */
    useRecord(orgId: string, id: string | null | undefined) {
      return useQuery({
        queryKey: keys.detail(orgId, id ?? ''),
        queryFn: ({ signal }) => call(api.get, { params: { id: id ?? '' }, orgId, signal }) as Promise<Data<'get'>>,
        enabled: Boolean(id),
      });
    },

    /** The detail page in one call: the record, field definitions, notes and the latest timeline. */
    useView(orgId: string, id: string) {
      return useQuery({
        queryKey: keys.view(orgId, id),
        queryFn: ({ signal }) => call(api.view, { params: { id }, orgId, pageLookup: true, signal }) as Promise<Data<'view'>>,
      });
    },

    /** Create or edit (with `id`): JSON, or multipart when a new avatar is attached. */
    useSave(orgId: string, successMessage: string) {
      const invalidate = useInvalidate(orgId);
      return useMutation({
        mutationFn: ({ body, avatar }: { body: Exclude<EndpointBody<A['save']>, FormData>; avatar?: File | null }) =>
          call(api.save, { orgId, body: avatar ? toMultipart(body as Record<string, unknown>, avatar) : body, successMessage }),
        onSuccess: () => invalidate(),
      });
    },

    /** To the trash: one record, or a selection (deleteMuti). */
    useDelete(orgId: string, successMessage: string) {
      const invalidate = useInvalidate(orgId);
      return useMutation({
        mutationFn: (ids: string[]) =>
          ids.length === 1
            ? call(api.remove, { params: { id: ids[0]! }, orgId, successMessage })
            : call(api.removeMany, { orgId, body: { ids }, successMessage }),
        // The detail page of a record just deleted is still on screen while it navigates away (issue 21: two 404s).
        onSuccess: (_answer, ids) => invalidate(ids),
      });
    },

    /** Owner transfer, one record or a selection. */
    useTransfer(orgId: string, successMessage: string) {
      const invalidate = useInvalidate(orgId);
      return useMutation({
        mutationFn: (body: { ids: string[]; ownerUserId: string }) => call(api.transfer, { orgId, body, successMessage }),
        onSuccess: () => invalidate(),
      });
    },
  };
}
