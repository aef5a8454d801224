/**
 * The time stalled deals are judged at: now, or — with the development and e2e test clock (BILLING_TEST_CLOCK, refused
 * in production by config.ts) — now plus the days a workspace moved its clock ahead, so a journey can see a deal stall
 * for 7 days without waiting a week. In memory: one process, tests only.
 */
const aheadDays = new Map<string, number>();

export function workflowClock(orgId: string): Date {
  return new Date(Date.now() + (aheadDays.get(orgId) ?? 0) * 86_400_000);
}

export function setWorkflowClock(orgId: string, days: number): void {
  aheadDays.set(orgId, days);
}
