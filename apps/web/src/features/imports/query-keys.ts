/** TanStack Query keys of the imports context. */
export const importKeys = {
  detail: (orgId: string, id: string) => ['imports', orgId, 'detail', id] as const,
  exportChoice: (orgId: string, kind: string) => ['imports', orgId, 'exportChoice', kind] as const,
  exportCustomFields: (orgId: string, kind: string) => ['imports', orgId, 'exportCustomFields', kind] as const,
  backups: (orgId: string) => ['imports', orgId, 'backups'] as const,
  pdpa: (orgId: string) => ['imports', orgId, 'pdpa'] as const,
  pdpaList: (orgId: string, scope: 'open' | 'all', contactId?: string) => ['imports', orgId, 'pdpa', scope, contactId ?? null] as const,
};
