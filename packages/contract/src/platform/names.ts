/** docs/product.md#validation: contact name splitting and the display name. */

const cjk = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/;
const cjkOnly = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]+$/;

export function hasCjk(text: string): boolean {
  return cjk.test(text);
}

/**
 * firstName is the given name and lastName the family name in every language (docs/decisions/0012-person-names.md).
 * One word → last name; a CJK-only name → the first character is the family name, the rest the given name
 * (王小明 → 王 + 小明); otherwise the last word is the last name and the rest the first name.
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  const joined = words.join('');
  if (cjkOnly.test(joined) && [...joined].length > 1) {
    const chars = [...joined];
    return { firstName: chars.slice(1).join(''), lastName: chars[0]! };
  }
  if (words.length === 1) return { firstName: '', lastName: words[0]! };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/**
 * The one display rule for a person's name (the inverse of splitName): a CJK name family name first with no
 * space (王 + 小明 → 王小明), others — mixed ones too — "first last" (John Smith). The server's SQL twin is db/person-name.ts.
 */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  if (cjkOnly.test(first + last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}

/** The greeting's name: a CJK name in full (王小明), otherwise the first name (John). */
export function greetingName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const full = fullName(firstName, lastName);
  return hasCjk(full) ? full : (firstName ?? '').trim() || full;
}
