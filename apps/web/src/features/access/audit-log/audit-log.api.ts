import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditLogEndpoints as api, type AuditSettings, type AuditType } from '@lodestar/contract';
import { apiDownload, saveBlob } from '../../../shared/api-client.ts';
import { call } from '../../../shared/call.ts';
import { auditLogKeys } from '../query-keys.ts';

export interface AuditFilter {
  type?: AuditType | undefined;
  userId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const defined = (filter: AuditFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as AuditFilter;

export function useAuditPages(orgId: string, filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.list(orgId, filter),
    queryFn: ({ signal, pageParam }) =>
      call(api.list, { orgId, query: { ...defined(filter), timeZone: timeZone(), limit: 50, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function useAuditVerification(orgId: string) {
  return useQuery({ queryKey: auditLogKeys.verify(orgId), queryFn: ({ signal }) => call(api.verify, { orgId, signal }) });
}

export function useAuditSettings(orgId: string, savedMessage: string) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: auditLogKeys.settings(orgId), queryFn: ({ signal }) => call(api.settings, { orgId, signal }) });
  const save = useMutation({
    mutationFn: (body: AuditSettings) => call(api.saveSettings, { orgId, body, successMessage: savedMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogKeys.all(orgId) }),
  });
  return { settings, save };
}

/** The filtered entries as CSV (the export is itself not an entry: reading the log changes nothing). */
export async function downloadAuditCsv(orgId: string, filter: AuditFilter): Promise<void> {
  const query = { ...defined(filter), timeZone: timeZone() };
  saveBlob(await apiDownload(api.export.path, { orgId, query }), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
}
