/** TanStack Query keys of the imports context. */
export const importKeys = {
  detail: (orgId: string, id: string) => ['imports', orgId, 'detail', id] as const,
};
