/** The automation context's query keys (docs/ARCHITECTURE.md, "Contexts"). */
export const workflowKeys = {
  all: (orgId: string) => ['workflows', orgId] as const,
  list: (orgId: string) => [...workflowKeys.all(orgId), 'list'] as const,
  runs: (orgId: string, filter: { workflowId?: string | undefined; status?: string | undefined }) => [...workflowKeys.all(orgId), 'runs', filter] as const,
};
