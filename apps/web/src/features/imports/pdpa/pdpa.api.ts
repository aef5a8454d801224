import { pdpaEndpoints, type PdpaActionBody, type PdpaCreateBody } from '@lodestar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/call.ts';
import { contactKeys } from '../../records/query-keys.ts';
import { importKeys } from '../query-keys.ts';

/** The workspace's PDPA requests (open ones by due date), or one contact's. */
export function usePdpaRequests(orgId: string, scope: 'open' | 'all', contactId?: string) {
  return useQuery({
    queryKey: importKeys.pdpaList(orgId, scope, contactId),
    queryFn: async () => (await call(pdpaEndpoints.list, { orgId, query: { scope, ...(contactId ? { contactId } : {}) } })).items,
    // While an erasure runs, its state changes within seconds.
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'erasing') ? 2000 : false),
  });
}

/** Requests change a contact too (restricted, erased): both caches are refreshed. */
function useRefresh(orgId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: importKeys.pdpa(orgId) });
    void client.invalidateQueries({ queryKey: contactKeys.all(orgId) });
  };
}

/** The contact's signed unsubscribe link, asked for when shown. */
export function useUnsubscribeLink(orgId: string, contactId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...importKeys.pdpa(orgId), 'unsubscribe', contactId],
    queryFn: async () => (await call(pdpaEndpoints.unsubscribeLink, { orgId, params: { id: contactId } })).url,
    enabled,
    staleTime: Infinity,
  });
}

export function useCreatePdpaRequest(orgId: string, successMessage: string) {
  const refresh = useRefresh(orgId);
  return useMutation({ mutationFn: (body: PdpaCreateBody) => call(pdpaEndpoints.create, { orgId, body, successMessage }), onSuccess: refresh });
}

export function useActOnPdpaRequest(orgId: string, successMessage: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PdpaActionBody }) => call(pdpaEndpoints.act, { orgId, params: { id }, body, successMessage }),
    onSuccess: refresh,
  });
}
