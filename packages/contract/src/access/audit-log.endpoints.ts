import { endpoints } from '../platform/endpoint.ts';
import { auditFilterSchema, auditListQuerySchema, auditPageSchema, auditSettingsSchema, auditVerificationSchema } from './audit-log.ts';

const adminsOnly = 'System administrators only (403 otherwise).';

/** Settings → Audit log. */
export const auditLogEndpoints = endpoints('auditLog', {
  list: {
    method: 'GET', path: '/settings/audit-log', access: 'member', query: auditListQuerySchema, response: auditPageSchema,
    description: `${adminsOnly} Newest first, filtered by type, member and dates, keyset paged by \`before\`.`,
  },
  export: {
    method: 'GET', path: '/settings/audit-log/export', access: 'member', query: auditFilterSchema, response: 'raw',
    rawAnswer: { status: 200, description: 'The filtered entries as CSV (UTF-8 with BOM).', mediaTypes: ['text/csv'] },
    description: `${adminsOnly} The same filters as the list, every matching entry.`,
  },
  verify: {
    method: 'GET', path: '/settings/audit-log/verify', access: 'member', response: auditVerificationSchema,
    description: `${adminsOnly} Recomputes the SHA-256 chain: any changed, removed or inserted row shows as brokenAt.`,
  },
  settings: { method: 'GET', path: '/settings/audit-log/settings', access: 'member', response: auditSettingsSchema, description: adminsOnly },
  saveSettings: {
    method: 'PUT', path: '/settings/audit-log/settings', access: 'member', body: auditSettingsSchema, response: auditSettingsSchema,
    description: `${adminsOnly} How many days entries are kept (90–3650); the daily prune removes older ones.`,
  },
});
