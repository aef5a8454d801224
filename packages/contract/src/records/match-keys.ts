import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { foldHanVariants } from './han-variants.ts';

/**
 * Normalised keys that find the same person or company written differently (docs/decisions/0022-duplicates-and-merge.md):
 * pure functions shared by the duplicate finder (server) and anything that wants to compare two values alike.
 * Each answers null when the value carries no usable key (too short, empty).
 */

/** A phone in E.164 (+886912345678), Taiwan the default region; an unparseable number keeps its digits. */
export function phoneKey(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  // 00 is the international prefix from most countries (Taiwan dials 002): +886… written as 00886… is the same number.
  const candidates = /^00[1-9]/.test(text) ? [text, `+${text.slice(2)}`] : [text];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, 'TW');
    if (parsed?.isPossible()) return parsed.number;
  }
  const digits = text.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail lower-cased; with `gmailFolding`, a Gmail address without dots and +tag in its local part
 * (Gmail delivers a.b+news@gmail.com to ab@gmail.com).
 */
export function emailKey(value: string, options: { gmailFolding?: boolean } = {}): string | null {
  const text = value.normalize('NFKC').trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1);
  if (options.gmailFolding && gmailDomains.has(domain)) {
    local = local.split('+')[0]!.replace(/\./g, '');
    domain = 'gmail.com';
    if (local === '') return null;
  }
  return `${local}@${domain}`;
}

/** A 統一編號: its eight digits (full-width digits and spaces folded), or null when it is not eight digits. */
export function taxIdKey(value: string): string | null {
  const digits = value.normalize('NFKC').replace(/[\s-]/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** Full-/half-width folded (NFKC), lower-case, simplified → traditional, without spaces and punctuation. */
function foldText(value: string): string {
  return foldHanVariants(value.normalize('NFKC').toLowerCase()).replace(/[\s\p{P}\p{S}]/gu, '');
}

/** A person's name: family and given name joined, folded (陳 大文, 陈大文 and ＣＨＥＮ ＤＡ-ＷＥＮ compare by their folds). */
export function personNameKey(value: string): string | null {
  const folded = foldText(value);
  return folded.length >= 2 ? folded : null;
}

// Legal forms at the end of a name, longest first; 分公司 (a branch) is never one, so a branch keeps apart from its head office.
const chineseSuffixes = ['股份有限公司', '有限責任公司', '無限公司', '兩合公司', '有限公司', '公司'].map((s) => foldText(s));
const englishSuffixes = /(?:[\s,.]+(?:co|company|corp|corporation|inc|incorporated|ltd|limited|llc|plc|gmbh|pte|sa|ag))+[\s.]*$/i;
const branch = foldText('分公司');

/** A company name without its legal suffix (股份有限公司, 有限公司, Co., Ltd., Inc.…); a branch (分公司) keeps its branch name. */
export function companyNameKey(value: string): string | null {
  const withoutEnglish = value.normalize('NFKC').trim().replace(englishSuffixes, '');
  let folded = foldText(withoutEnglish);
  if (folded.endsWith(branch)) {
    // 台積電股份有限公司新竹分公司 → 台積電新竹分公司: the head office's legal form goes, the branch stays.
    for (const suffix of chineseSuffixes.slice(0, -1)) folded = folded.replace(suffix, '');
  } else {
    const suffix = chineseSuffixes.find((s) => folded.endsWith(s) && folded.length > s.length);
    if (suffix) folded = folded.slice(0, -suffix.length);
  }
  return folded.length >= 2 ? folded : null;
}
