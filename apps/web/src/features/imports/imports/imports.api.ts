import { contactImportsEndpoints as api, type ImportDetail, type ImportFieldBody } from '@lodestar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../shared/api-client.ts';
import { call } from '../../../shared/call.ts';
import { importKeys } from '../query-keys.ts';

/** The import's detail; polled every second while it runs (the page survives closing: state is the server's). */
export function useImportDetail(orgId: string, id: string) {
  return useQuery({
    queryKey: importKeys.detail(orgId, id),
    queryFn: () => call(api.detail, { params: { id }, orgId, pageLookup: true }),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });
}

export function useUploadImport(orgId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(api.upload, { body: form, orgId, successMessage: false });
    },
  });
}

function useDetailMutation<V>(orgId: string, id: string, run: (value: V) => Promise<ImportDetail>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (detail) => client.setQueryData(importKeys.detail(orgId, id), detail) });
}

export function useSetMapping(orgId: string, id: string) {
  return useDetailMutation(orgId, id, (body: ImportFieldBody) =>
    call(api.field, { params: { id }, body, orgId, successMessage: false, overlay: false }),
  );
}
export function useStartImport(orgId: string, id: string) {
  return useDetailMutation(orgId, id, () => call(api.store, { params: { id }, orgId, successMessage: false }));
}
export function useUndoImport(orgId: string, id: string) {
  return useDetailMutation(orgId, id, () => call(api.undo, { params: { id }, orgId }));
}

export async function downloadTemplate(orgId: string): Promise<void> {
  saveBlob(await apiDownload(api.emptyForm.path, { orgId }), 'contacts-template.csv');
}
export async function downloadFailedRows(orgId: string, id: string): Promise<void> {
  saveBlob(await apiDownload(api.failed.path.replace(':id', id), { orgId }), 'failed-rows.csv');
}
