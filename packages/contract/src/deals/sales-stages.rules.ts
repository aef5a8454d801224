/**
 * The two fixed stages every deal can take (won 1000, lost -9999) and the stage categories (docs/product.md#states).
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. sales-stages.ts re-exports them and keeps the schemas.
 */

export const wonStageId = 1000;
export const lostStageId = -9999;
export const stageCategories = ['inProgress', 'done', 'lost'] as const;
export type StageCategory = (typeof stageCategories)[number];

/** A stage as the API answers it (stageSchema in sales-stages.ts is checked against it). */
export interface Stage {
  id: number;
  stageTypeId: string | null;
  /** The stage's title. */
  label: string;
  sort: number;
  closingRate: number;
  /** Days in the stage before the deal is flagged as stalled; null: never. */
  alertNotice: number | null;
  category: StageCategory;
}

/** The two fixed choices; labels are translated on the web by id. */
export const wonStage: Stage = { id: wonStageId, stageTypeId: null, label: 'won', sort: 9999, closingRate: 100, alertNotice: null, category: 'done' };
export const lostStage: Stage = { id: lostStageId, stageTypeId: null, label: 'lost', sort: -1, closingRate: 0, alertNotice: null, category: 'lost' };

/** The workspace stages (in their order), then won, then lost. */
export function stageChoices(stages: Stage[]): Stage[] {
  return [...[...stages].sort((a, b) => a.sort - b.sort || a.id - b.id), wonStage, lostStage];
}

export function isClosedStage(stageId: number): boolean {
  return stageId === wonStageId || stageId === lostStageId;
}
