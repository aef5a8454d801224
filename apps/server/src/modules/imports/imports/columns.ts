import { customTarget, importCustomFieldKinds, multiColumnTargets, newFieldTarget, recordFieldWords, recordFields, type ImportKind } from '@lodestar/contract';
import { presetMapping, recognisePreset } from './presets/presets.ts';

/**
 * Guessing which field a file's column holds from its header, in the product's three languages and the words other
 * CRMs and spreadsheets use: a record's fields from the contract's field list (record-fields.ts, in its order), a
 * schedule's here. Headers are compared without case, spaces, dashes or underscores.
 */
const scheduleWords: Record<string, readonly string[]> = {
  // A schedule's title (before company: a schedule file's 名稱 is its title).
  title: ['title', 'subject', 'summary', 'event', 'name', '標題', '标题', '主題', '主题', '名稱', '名称', '事項', '事项', '行程'],
  company: recordFieldWords.company,
  address: recordFieldWords.address,
  owner: recordFieldWords.owner,
  client: recordFieldWords.client,
  // start and end hold a date and an optional time.
  start: ['start', 'starttime', 'startdate', 'startdatetime', 'from', 'begin', 'begins', '開始', '开始', '開始時間', '开始时间', '開始日期', '开始日期', '起始時間', '起始时间'],
  end: ['end', 'endtime', 'enddate', 'enddatetime', 'to', 'until', 'finish', '結束', '结束', '結束時間', '结束时间', '結束日期', '结束日期'],
  fullDay: ['allday', 'fullday', 'alldayevent', '全天', '全日', '整天'],
  repeat: ['repeat', 'recurrence', 'recurring', 'repeats', '重複', '重复', '週期', '周期'],
  category: ['category', 'type', 'kind', '類型', '类型', '類別', '类别', '分類', '分类'],
  taskNote: ['note', 'notes', 'description', 'remark', 'remarks', 'comment', 'details', '備註', '备注', '說明', '说明', '描述', '內容', '内容'],
  deal: ['deal', 'opportunity', 'dealname', '商機', '商机', '案件'],
  notice: ['reminder', 'remind', 'alert', 'notice', 'notification', '提醒', '提醒時間', '提醒时间'],
  complete: ['completed', 'complete', 'done', 'status', '已完成', '完成', '狀態', '状态'],
};

/** Each field a column of this kind may be guessed as, with its words, in the order they are tried. */
const wordsOf = (kind: ImportKind): [string, readonly string[]][] =>
  kind === 'schedule'
    ? Object.entries(scheduleWords)
    : recordFields[kind].filter((f) => f.io !== 'export' && f.words).map((f) => [f.key, f.words!]);

export function normalizeHeader(header: string): string {
  return header.trim().toLowerCase().replace(/[\s_\-.:：()（）]/g, '');
}

/**
 * The guessed target of each column: by the preset of the tool that wrote the file when its header is recognised
 * (presets/presets.ts); otherwise a built-in field, a custom field with the same title, a new custom
 * field for other named columns, and '' (ignored) for blank headers or a field already taken by an earlier column.
 */
export function guessMapping(kind: ImportKind, headers: string[], customFields: { id: string; title: string }[]): string[] {
  const preset = recognisePreset(kind, headers, customFields.map((f) => f.title));
  if (preset) return presetMapping(kind, headers, preset, customFields);
  const candidates = wordsOf(kind);
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    if (key === '') return '';
    const builtIn = candidates.find(([, words]) => words.some((w) => normalizeHeader(w) === key))?.[0];
    const custom = customFields.find((f) => normalizeHeader(f.title) === key);
    const other = importCustomFieldKinds.includes(kind) ? newFieldTarget : '';
    const target = builtIn ?? (custom ? customTarget(custom.id) : other);
    if (target === '' || (target !== newFieldTarget && !multiColumnTargets.includes(target) && taken.has(target))) return '';
    taken.add(target);
    return target;
  });
}
