/** The activity report's period kinds; their own module (no zod), so the web's router can use them in its first load. */
export const periodKinds = ['week', 'month', 'quarter'] as const;
export type PeriodKind = (typeof periodKinds)[number];
