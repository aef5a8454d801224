/** docs/product.md#validation: contact name splitting and the display name. */

const cjk = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/;
const cjkOnly = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]+$/;

export function hasCjk(text: string): boolean {
  return cjk.test(text);
}

/**
 * One word → last name; a CJK-only name → the first character is the first name, the rest the last name;
 * otherwise the last word is the last name and the rest the first name.
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  const joined = words.join('');
  if (cjkOnly.test(joined) && [...joined].length > 1) {
    const chars = [...joined];
    return { firstName: chars[0]!, lastName: chars.slice(1).join('') };
  }
  if (words.length === 1) return { firstName: '', lastName: words[0]! };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** Display name: the inverse of splitName — CJK names joined without a space, others "first last". */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  if (hasCjk(first + last)) return `${first}${last}`;
  return [first, last].filter(Boolean).join(' ');
}

/** The greeting's name: a CJK name in full (王小明), otherwise the first name (John). */
export function greetingName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const full = fullName(firstName, lastName);
  return hasCjk(full) ? full : (firstName ?? '').trim() || full;
}
