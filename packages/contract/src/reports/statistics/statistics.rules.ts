/**
 * The statistics' arithmetic that is not SQL (docs/product.md#statistics-and-dashboard): conversion through the
 * funnel, win rate, achievement and ranks. Percentages are rounded to one decimal; null when undefined (÷ 0).
 */

export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** Achievement of a target: won ÷ target (money strings), null without a target. */
export function achievementPercent(won: string, target: string): number | null {
  return percent(Number(won), Number(target));
}

/** Won ÷ (won + lost) deals. */
export function winRate(wonCount: number, lostCount: number): number | null {
  return percent(wonCount, wonCount + lostCount);
}

/**
 * Stage-to-stage conversion. `stages` are the in-progress stages in their order with the deals now in each;
 * a deal in a later stage (or won) has passed every earlier one, so reached(i) = Σ counts from i on + won.
 * Lost deals are left out: where they dropped is not recorded. conversion(i) = reached(i + 1) ÷ reached(i),
 * the last stage converting into won.
 */
export function funnelConversion(stages: { count: number }[], wonCount: number): { reached: number; conversion: number | null }[] {
  const reached: number[] = [];
  let running = wonCount;
  for (let i = stages.length - 1; i >= 0; i -= 1) {
    running += stages[i]!.count;
    reached[i] = running;
  }
  return stages.map((_, i) => ({ reached: reached[i]!, conversion: percent(i + 1 < stages.length ? reached[i + 1]! : wonCount, reached[i]!) }));
}

/**
 * Competition ranks (1, 2, 2, 4) of items already sorted best first; items whose `key` is equal share a rank.
 */
export function rankWithTies<T>(sorted: T[], key: (item: T) => string): (T & { rank: number })[] {
  return sorted.map((item, i) => {
    let first = i;
    while (first > 0 && key(sorted[first - 1]!) === key(item)) first -= 1;
    return { ...item, rank: first + 1 };
  });
}
