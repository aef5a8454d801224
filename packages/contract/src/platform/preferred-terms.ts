import type { Locale } from './locale.ts';

/**
 * One word per concept in each language (issue 30: the board said 贏單/輸單 while the funnel and the export said
 * 成交/失敗). Each concept names its preferred term and the variants that must not appear where deals are
 * talked about; `npm run i18n:check` (scripts/i18n-check.ts) runs it over the deal and report catalogs, and the
 * contract's test over the export's value words.
 *
 * 成交率 / 成交機率 (closing rate, a stage's probability) is another concept and stays allowed.
 */
export interface PreferredTerm {
  concept: string;
  preferred: Record<Locale, string>;
  forbidden: Record<Locale, readonly RegExp[]>;
}

export const preferredTerms: readonly PreferredTerm[] = [
  {
    concept: 'deal won',
    preferred: { 'zh-TW': '贏單', 'zh-CN': '赢单', 'en-US': 'Won' },
    forbidden: { 'zh-TW': [/成交(?!率|機率)/u, /已結案成功/u], 'zh-CN': [/成交(?!率|概率)/u], 'en-US': [/\bclosed[- ]won\b/iu] },
  },
  {
    concept: 'deal lost',
    preferred: { 'zh-TW': '輸單', 'zh-CN': '输单', 'en-US': 'Lost' },
    forbidden: { 'zh-TW': [/失敗/u, /丟單/u], 'zh-CN': [/失败/u, /丢单/u], 'en-US': [/\bfailed\b/iu, /\bclosed[- ]lost\b/iu] },
  },
  {
    concept: 'expected close date',
    preferred: { 'zh-TW': '預計結案', 'zh-CN': '预计结案', 'en-US': 'Expected close' },
    forbidden: { 'zh-TW': [/預計成交/u], 'zh-CN': [/预计成交/u], 'en-US': [/\bexpected (?:closing|completion|end) date\b/iu] },
  },
];

/** Every forbidden variant in `text`, with the term to use instead. */
export function findForbiddenTerms(text: string, locale: Locale): { concept: string; found: string; preferred: string }[] {
  return preferredTerms.flatMap((term) =>
    term.forbidden[locale].flatMap((pattern) => {
      const match = pattern.exec(text);
      return match ? [{ concept: term.concept, found: match[0], preferred: term.preferred[locale] }] : [];
    }),
  );
}
