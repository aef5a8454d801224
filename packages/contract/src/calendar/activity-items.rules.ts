/**
 * Activity targets and scores (docs/product.md#limits, #fields).
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. activity-items.ts re-exports them and keeps the schemas.
 */

/** docs/product.md#limits: daily target = daily target count × weight score; weekly target = daily × 5. */
export function activityTargets(profile: { weightScore: number; dailyTargetCount: number }): { dailyTarget: number; weeklyTarget: number } {
  const dailyTarget = profile.dailyTargetCount * profile.weightScore;
  return { dailyTarget, weeklyTarget: dailyTarget * 5 };
}

/** Score of picked items: the sum of their points (docs/product.md#fields: isSelect). */
export function activityScore(items: { point: number }[]): number {
  return items.reduce((sum, item) => sum + item.point, 0);
}
