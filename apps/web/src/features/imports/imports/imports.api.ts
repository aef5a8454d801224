import { customFieldsEndpoints, importEndpointsByKind, type ExportBodyInput, type ImportDetail, type ImportFieldBody, type ImportKind } from '@lodestar/contract';
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../shared/api-client.ts';
import { call } from '../../../shared/call.ts';
import { scheduleKeys } from '../../calendar/query-keys.ts';
import { dealKeys } from '../../deals/query-keys.ts';
import { companyKeys, contactKeys, customFieldKeys, tagKeys } from '../../records/query-keys.ts';
import { importKeys } from '../query-keys.ts';

const recordKeys = { contact: contactKeys.all, company: companyKeys.all, deal: dealKeys.all, schedule: scheduleKeys.all } as const;

/**
 * An import adds custom fields (new columns, at the start), tags, companies and the records themselves: the
 * screens that cached them before must read them again, or a page opened from the done page misses the new
 * field's value for as long as the cached field list stays fresh.
 */
function refreshImported(client: QueryClient, kind: ImportKind, orgId: string) {
  for (const key of [customFieldKeys.all(orgId), tagKeys.all(orgId), recordKeys[kind](orgId), companyKeys.all(orgId)]) {
    void client.invalidateQueries({ queryKey: key });
  }
}

/** The import's detail; polled every second while it runs or is being undone (the page survives closing: state is the server's). */
export function useImportDetail(kind: ImportKind, orgId: string, id: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.detail(orgId, id),
    queryFn: () => call(importEndpointsByKind[kind].detail, { params: { id }, orgId, pageLookup: true }),
    refetchInterval: (q) => (q.state.data?.state === 'running' || q.state.data?.state === 'undoing' ? 1000 : false),
  });
  const state = query.data?.state;
  useEffect(() => {
    if (state && state !== 'ready') refreshImported(client, kind, orgId);
  }, [state, client, kind, orgId]);
  return query;
}

export function useUploadImport(kind: ImportKind, orgId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(importEndpointsByKind[kind].upload, { body: form, orgId, successMessage: false });
    },
  });
}

function useDetailMutation<V>(orgId: string, id: string, run: (value: V) => Promise<ImportDetail>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (detail) => client.setQueryData(importKeys.detail(orgId, id), detail) });
}

export function useSetMapping(kind: ImportKind, orgId: string, id: string) {
  return useDetailMutation(orgId, id, (body: ImportFieldBody) =>
    call(importEndpointsByKind[kind].field, { params: { id }, body, orgId, successMessage: false, overlay: false }),
  );
}
export function useStartImport(kind: ImportKind, orgId: string, id: string) {
  return useDetailMutation(orgId, id, () => call(importEndpointsByKind[kind].store, { params: { id }, orgId, successMessage: false }));
}
export function useUndoImport(kind: ImportKind, orgId: string, id: string) {
  // The answer is the job's start (202, undoing): the page shows its progress instead of a notification.
  return useDetailMutation(orgId, id, () => call(importEndpointsByKind[kind].undo, { params: { id }, orgId, successMessage: false }));
}

export async function downloadTemplate(kind: ImportKind, orgId: string): Promise<void> {
  saveBlob(await apiDownload(importEndpointsByKind[kind].emptyForm.path, { orgId }), `${kind}-template.csv`);
}
export async function downloadFailedRows(kind: ImportKind, orgId: string, id: string): Promise<void> {
  saveBlob(await apiDownload(importEndpointsByKind[kind].failed.path.replace(':id', id), { orgId }), 'failed-rows.csv');
}
/** The export streams from the server; the browser saves it under the list's name. */
export async function downloadExport(kind: ImportKind, orgId: string, body: ExportBodyInput): Promise<void> {
  const names = { contact: 'contacts', company: 'companies', deal: 'deals', schedule: 'schedules' } as const;
  saveBlob(await apiDownload(importEndpointsByKind[kind].export.path, { method: 'POST', body, orgId }), `${names[kind]}.${body.format ?? 'csv'}`);
}
/** The browser's time zone: an export's times are written as wall-clock there. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The columns this user chose at their last export of the kind (null: never), and the kind's custom fields. */
export function useExportChoice(kind: ImportKind, orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.exportChoice(orgId, kind),
    queryFn: () => call(importEndpointsByKind[kind].exportChoice, { orgId }),
    enabled,
  });
}
export function useExportCustomFields(kind: ImportKind, orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.exportCustomFields(orgId, kind),
    queryFn: () => (kind === 'schedule' ? Promise.resolve([]) : call(customFieldsEndpoints.list, { params: { entity: kind }, orgId })),
    enabled,
  });
}
