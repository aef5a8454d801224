/** The mail context's query keys (docs/ARCHITECTURE.md, "Contexts"). */
export const mailboxKeys = {
  all: (orgId: string) => ['mailboxes', orgId] as const,
  list: (orgId: string) => [...mailboxKeys.all(orgId), 'list'] as const,
  providers: (orgId: string) => [...mailboxKeys.all(orgId), 'providers'] as const,
  templates: (orgId: string) => [...mailboxKeys.all(orgId), 'templates'] as const,
  allThreads: (orgId: string) => [...mailboxKeys.all(orgId), 'threads'] as const,
  threads: (orgId: string, entityType: string, entityId: string) => [...mailboxKeys.allThreads(orgId), entityType, entityId] as const,
  dealOptions: (orgId: string, emailId: string) => [...mailboxKeys.all(orgId), 'deal-options', emailId] as const,
  search: (orgId: string, q: string) => [...mailboxKeys.all(orgId), 'search', q] as const,
  allSaved: (orgId: string) => [...mailboxKeys.all(orgId), 'saved-attachments'] as const,
  saved: (orgId: string, entityType: string, entityId: string) => [...mailboxKeys.allSaved(orgId), entityType, entityId] as const,
};
