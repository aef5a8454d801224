/** The mail context's query keys (docs/ARCHITECTURE.md, "Contexts"). */
export const mailboxKeys = {
  all: (orgId: string) => ['mailboxes', orgId] as const,
  list: (orgId: string) => [...mailboxKeys.all(orgId), 'list'] as const,
  providers: (orgId: string) => [...mailboxKeys.all(orgId), 'providers'] as const,
  templates: (orgId: string) => [...mailboxKeys.all(orgId), 'templates'] as const,
  threads: (orgId: string, entityType: string, entityId: string) => [...mailboxKeys.all(orgId), 'threads', entityType, entityId] as const,
};
