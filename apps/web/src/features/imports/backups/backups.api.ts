import { backupsEndpoints, type Backup } from '@lodestar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../shared/api-client.ts';
import { call } from '../../../shared/call.ts';
import { importKeys } from '../query-keys.ts';

const running = (items: Backup[] | undefined) => items?.some((b) => b.state === 'running') ?? false;

/** The workspace's backups and restores; polled every second while one runs (the job's progress). */
export function useBackups(orgId: string) {
  return useQuery({
    queryKey: importKeys.backups(orgId),
    queryFn: async () => (await call(backupsEndpoints.list, { orgId })).items,
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });
}

export function useStartBackup(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(backupsEndpoints.start, { orgId, successMessage: false }),
    onSuccess: () => void client.invalidateQueries({ queryKey: importKeys.backups(orgId) }),
  });
}

export function useRestoreBackup(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(backupsEndpoints.restore, { body: form, orgId, successMessage: false });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: importKeys.backups(orgId) }),
  });
}

export async function downloadBackup(orgId: string, backup: Backup): Promise<void> {
  const day = backup.createdAt.slice(0, 10);
  saveBlob(await apiDownload(backupsEndpoints.download.path.replace(':id', backup.id), { orgId }), `backup-${day}.zip`);
}
