/** The shell's query keys (docs/ARCHITECTURE.md, "Contexts"): the caller's own first-run guide per workspace. */
export const guideKeys = {
  state: (orgId: string) => ['guide', orgId] as const,
};
