import { onWorkspaceCreated } from './modules/access/organizations/workspace-created.ts';
import * as dealsService from './modules/deals/deals/deals.service.ts';
import { seedDefaultStages } from './modules/deals/sales-stages/sales-stages.service.ts';
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
  // deals: a new workspace gets the default sales stages, so its first deal can be saved at once.
  onWorkspaceCreated('deals.salesStages', (tx, workspace) => seedDefaultStages(tx, workspace.orgId, workspace.language));
}
