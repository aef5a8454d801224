import * as dealsService from './modules/deals/deals/deals.service.ts';
import { registerStageUsage } from './modules/deals/sales-stages/stage-usage.ts';

/**
 * The composition root's registrations: where a higher context plugs into a lower one's registry or
 * listener (a deal into the trash, reservations into the calendar feed, …) so that the lower one never
 * imports the higher one. Called by buildApp before the routes; every registration is keyed, so calling
 * it again (tests build many apps) replaces rather than duplicates.
 */
export function wireContexts(): void {
  // Each context adds its registrations here, grouped by the context that provides them.

  // deals: deals keep sales stages and stage types in use (settings refuse to delete them).
  registerStageUsage('deals', { inStage: dealsService.hasDealsInStage, ofType: dealsService.hasDealsOfType });
}
