import type { Db } from '../../../db/client.ts';

/**
 * Who keeps a stage or a stage type in use, so that settings refuse to delete it (409 STAGE_IN_USE,
 * docs/product.md#errors). Deals sit above the stages that describe them, so they register here
 * (apps/server/src/wiring.ts) instead of being imported.
 */
export interface StageUsage {
  inStage(db: Db, orgId: string, stage: number): Promise<boolean>;
  ofType(db: Db, orgId: string, stageTypeId: string): Promise<boolean>;
}

const usages = new Map<string, StageUsage>();

/** Keyed, so registering again (every test app wires again) replaces. */
export function registerStageUsage(key: string, usage: StageUsage): void {
  usages.set(key, usage);
}

async function anyUses(ask: (usage: StageUsage) => Promise<boolean>): Promise<boolean> {
  for (const usage of usages.values()) if (await ask(usage)) return true;
  return false;
}

export function stageInUse(db: Db, orgId: string, stage: number): Promise<boolean> {
  return anyUses((usage) => usage.inStage(db, orgId, stage));
}

export function stageTypeInUse(db: Db, orgId: string, stageTypeId: string): Promise<boolean> {
  return anyUses((usage) => usage.ofType(db, orgId, stageTypeId));
}
