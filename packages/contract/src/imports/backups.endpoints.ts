import { endpoints, type RawAnswer } from '../platform/endpoint.ts';
import { backupContactParamsSchema, backupIdParamsSchema, backupListSchema, backupSchema } from './backups.ts';

const zip: RawAnswer = { status: 200, description: 'The archive (zip).', mediaTypes: ['application/zip'] };
const admins = 'System administrators of the workspace; another workspace\'s backup answers 404.';

/** Settings → Backup: the workspace's archive as a background job, its download, and a restore into a new workspace. */
export const backupsEndpoints = endpoints('backups', {
  list: { method: 'GET', path: '/backup', access: 'member', response: backupListSchema, description: `The workspace's backups and restores, newest first (the last 20). ${admins}` },
  start: {
    method: 'POST', path: '/backup', access: 'member', response: backupSchema, successStatus: 202,
    description: `Starts a backup job of everything in the workspace (202, state running; its progress in GET /backup/{id}). ${admins}`,
  },
  detail: { method: 'GET', path: '/backup/:id', access: 'member', params: backupIdParamsSchema, response: backupSchema, description: `A backup's or restore's progress. ${admins}` },
  download: {
    method: 'GET', path: '/backup/:id/file', access: 'member', params: backupIdParamsSchema, response: 'raw', rawAnswer: zip,
    description: `A finished backup's archive (409 BACKUP_NOT_READY before). ${admins}`,
  },
  restore: {
    method: 'POST', path: '/backup/restore', access: 'member', bodyKind: 'multipart', response: backupSchema, successStatus: 202,
    description: `Multipart, one file part (an archive of GET /backup/{id}/file): restores it into a new workspace, every id remapped, as a job (202). ${admins}`,
  },
  personalData: {
    method: 'POST', path: '/customer/:id/personal-data', access: 'member', params: backupContactParamsSchema, response: backupSchema, successStatus: 202,
    description: 'Starts an archive of one contact\'s data (a person\'s copy under Taiwan\'s PDPA): the contact, its notes, timeline, deals and schedules as client, photo, tags, company and the custom-field definitions. Needs the contact export privilege and the contact in scope.',
  },
});
