/** The cards context's query keys (docs/ARCHITECTURE.md, "Contexts"): the member's card, the theme store, the leads. */
export const cardKeys = {
  all: (orgId: string) => ['cards', orgId] as const,
  card: (orgId: string) => [...cardKeys.all(orgId), 'card'] as const,
  themes: (orgId: string) => [...cardKeys.all(orgId), 'themes'] as const,
  leads: (orgId: string) => [...cardKeys.all(orgId), 'leads'] as const,
};

/** The CardDAV address book's app passwords of the member in a workspace. */
export const carddavKeys = {
  appPasswords: (orgId: string) => ['carddav', orgId, 'app-passwords'] as const,
};
