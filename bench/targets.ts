/**
 * Issue 38's figures for one database, each against its target with ✓ or ✗: every list's first page (filtered ones
 * included) ≤ 10 ms at one client, every statistics call ≤ 10 ms at one client (the dashboard ≤ 5 ms up to 50 000
 * deals), and the seeding time beside them. The one-client API median is the figure: what a user waits for.
 */
import type { CrmRow } from './crm.ts';

interface Target {
  /** The start of the bench rows' names this target applies to. */
  prefix: string;
  ms: (deals: number) => number;
}

const targets: Target[] = [
  { prefix: 'contact list, first page', ms: () => 10 },
  { prefix: 'contact list, filtered', ms: () => 10 },
  { prefix: 'deal list', ms: () => 10 },
  { prefix: 'deal board', ms: () => 10 },
  { prefix: 'statistics dashboard', ms: (deals) => (deals <= 50_000 ? 5 : 10) },
  { prefix: 'statistics', ms: () => 10 },
];

export function issue38Table(rows: CrmRow[], figures: { deals: number; contacts: number; seedSeconds: number }): string[] {
  const lines = [
    `Issue 38 targets (${figures.contacts} contacts, ${figures.deals} deals; seeded in ${figures.seedSeconds.toFixed(1)} s): one-client API median; the direct SQL column is what an answer costs when the read cache misses`,
    '',
    '| call | API median ms | direct SQL median ms | target ms | |',
    '|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const target = targets.find((t) => row.name.startsWith(t.prefix));
    if (!target) continue;
    const ms = target.ms(figures.deals);
    lines.push(`| ${row.name} | ${row.api.toFixed(2)} | ${row.direct.toFixed(2)} | ≤ ${ms} | ${row.api <= ms ? '✓' : '✗'} |`);
  }
  return [...lines, ''];
}
