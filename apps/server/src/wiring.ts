import { registerPlanGate } from './modules/access/organizations/plan-gate.ts';
import { billingPlanGate } from './modules/billing/plan-limits.ts';

/**
 * The composition root's registrations: where a higher context plugs into a lower one's registry or
 * listener (a deal into the trash, reservations into the calendar feed, …) so that the lower one never
 * imports the higher one. Called by buildApp before the routes; every registration is keyed, so calling
 * it again (tests build many apps) replaces rather than duplicates.
 */
export function wireContexts(): void {
  // Each context adds its registrations here, grouped by the context that provides them.

  // billing → access: seats bought and the storage quota (docs/decisions/0010).
  registerPlanGate(billingPlanGate);
}
