import type { Locale } from '../locale.ts';

/** One error code: its HTTP status and its errorMessage in every locale (`{field}`, `{seconds}`… filled from params). */
export type ErrorEntry = { status: number } & Record<Locale, string>;
