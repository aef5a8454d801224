/** Query keys of the billing context (docs/ARCHITECTURE.md: one registry per context). */
export const billingKeys = {
  all: ['billing'] as const,
  catalog: () => [...billingKeys.all, 'catalog'] as const,
  workspace: (orgId: string) => [...billingKeys.all, orgId] as const,
  planInfo: (orgId: string) => [...billingKeys.workspace(orgId), 'planInfo'] as const,
  charges: (orgId: string) => [...billingKeys.workspace(orgId), 'charges'] as const,
  charge: (orgId: string, id: string) => [...billingKeys.workspace(orgId), 'charge', id] as const,
  invoice: (orgId: string, chargeId: string) => [...billingKeys.workspace(orgId), 'invoice', chargeId] as const,
  quote: (orgId: string, body: unknown) => [...billingKeys.workspace(orgId), 'quote', body] as const,
  sandboxVerification: (tradeId: string) => [...billingKeys.all, 'sandboxVerification', tradeId] as const,
};
