import type { Db } from '../../../db/client.ts';

/**
 * Plan limits that access enforces but billing knows (seats bought, storage quota): billing registers the real
 * check in wiring.ts, so access never imports billing. Without a registration nothing is limited here.
 */
export interface PlanGate {
  /** 403 PLAN_LIMIT_REACHED unless `adding` more members (activated or invited) fit the workspace's seats. */
  assertRoomForMembers(db: Db, orgId: string, adding: number): Promise<void>;
  /** 403 PLAN_LIMIT_REACHED unless `bytes` more fit the workspace's storage quota. */
  assertRoomForBytes(db: Db, orgId: string, bytes: number): Promise<void>;
}

const unlimited: PlanGate = {
  assertRoomForMembers: async () => {},
  assertRoomForBytes: async () => {},
};

let current: PlanGate = unlimited;

export function registerPlanGate(gate: PlanGate): void {
  current = gate;
}

export function planGate(): PlanGate {
  return current;
}
