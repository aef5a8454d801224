/** docs/product.md#validation: contact name splitting and the display name. */

const cjk = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/;
const cjkOnly = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]+$/;

export function hasCjk(text: string): boolean {
  return cjk.test(text);
}

/**
 * Two-character (compound) family names, traditional and simplified: 歐陽娜娜 is 歐陽 + 娜娜, not 歐 + 陽娜娜.
 * The classical ones (百家姓's 複姓) and Taiwan's joined family names (張簡, 范姜, 張廖 …).
 */
const compoundSurnames = new Set(
  (
    '歐陽 欧阳 司馬 司马 諸葛 诸葛 上官 東方 东方 皇甫 尉遲 尉迟 公孫 公孙 慕容 長孫 长孙 夏侯 令狐 張簡 张简 范姜 張廖 张廖 ' +
    '司徒 司空 端木 西門 西门 南宮 南宫 宇文 軒轅 轩辕 澹臺 澹台 公羊 太史 申屠 聞人 闻人 呼延 万俟 濮陽 濮阳 淳于 單于 单于 ' +
    '鍾離 钟离 宗政 仲孫 仲孙 東郭 东郭 赫連 赫连 拓跋 百里 第五 梁丘 左丘 東門 东门 羊舌 微生 公冶 亓官 司寇 巫馬 巫马 ' +
    '公西 漆雕 樂正 乐正 壤駟 壤驷 公良 夾谷 夹谷 宰父 穀梁 谷梁 段干 閭丘 闾丘 子車 子车 顓孫 颛孙 鮮于 鲜于 獨孤 独孤 完顏 完颜 ' +
    '周黃 周黄 江謝 江谢 簡張 简张 陳黃 陈黄 劉張 刘张'
  ).split(' '),
);

/** Half-width and full-width (U+3000) spaces, tabs and the no-break space all separate words. */
const separators = /[\s\u3000]+/;

/**
 * firstName is the given name and lastName the family name in every language (docs/decisions/0012-person-names.md).
 * One word → last name (王, Madonna); a CJK-only name → its family name first: a compound one (歐陽, 司馬 …) when
 * the name starts with one and has more after it, else the first character (王小明 → 王 + 小明); a CJK name written
 * with a space keeps the writer's split (張 簡單 → 張 + 簡單); otherwise the last word is the last name and the rest
 * the first name (John Smith).
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(separators).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  const joined = words.join('');
  if (cjkOnly.test(joined)) {
    if (words.length > 1) return { firstName: words.slice(1).join(''), lastName: words[0]! };
    const chars = [...joined];
    if (chars.length === 1) return { firstName: '', lastName: joined };
    const family = chars.length > 2 && compoundSurnames.has(chars.slice(0, 2).join('')) ? 2 : 1;
    return { firstName: chars.slice(family).join(''), lastName: chars.slice(0, family).join('') };
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
