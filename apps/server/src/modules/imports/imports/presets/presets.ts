import { contactFields, customTarget, exportFields, fieldLabel, importFields, locales, multiColumnTargets, newFieldTarget, type ImportKind, type ImportPreset, type RecordField } from '@lodestar/contract';
import { contactPresets, type Preset, type PresetRule } from './contact-presets.ts';

/**
 * Which tool wrote a file, from its header row, and the columns that tool's export puts where. Checked before the
 * header-by-header guess (columns.ts), which would take Outlook's Title (Mr./Ms.) for the job title and Google's
 * "E-mail 1 - Value" for a new custom field.
 */
const key = (header: string) => header.trim().toLowerCase();

/** This product's own template and export, in any of its languages: every named column is one of its labels. */
function ownLabels(kind: ImportKind): Map<string, string>[] {
  const fields = [...new Set<string>([...importFields[kind], ...exportFields[kind]])];
  return locales.map((locale) => new Map(fields.map((f) => [key(fieldLabel(locale, kind, f)), f])));
}

export interface RecognisedPreset {
  id: ImportPreset;
  /** Per column: a target, `new`, or '' (no home here). */
  targets: string[];
}

/** The preset's headers the field list names (record-fields.ts `presets`), tried before the preset's own rules. */
const listRules = (preset: Preset): PresetRule[] =>
  contactFields.flatMap((f) => ((f as RecordField).presets?.[preset.id] ?? []).map((header): PresetRule => [header, f.key]));

function byRules(preset: Preset, headers: string[]): string[] {
  const rules = [...listRules(preset), ...preset.rules];
  return headers.map((header) => rules.find(([rule]) => (typeof rule === 'string' ? rule === key(header) : rule.test(key(header))))?.[1] ?? '');
}

/** `customTitles`: the kind's custom fields, whose titles head their columns in this product's export. */
export function recognisePreset(kind: ImportKind, headers: string[], customTitles: string[] = []): RecognisedPreset | undefined {
  const named = headers.map(key).filter(Boolean);
  if (named.length < 2) return undefined;
  const custom = new Set(customTitles.map(key));
  for (const labels of ownLabels(kind)) {
    if (named.filter((h) => labels.has(h)).length >= 2 && named.every((h) => labels.has(h) || custom.has(h))) {
      return { id: 'lodestar', targets: headers.map((h) => labels.get(key(h)) ?? '') };
    }
  }
  if (kind !== 'contact') return undefined;
  const present = new Set(named);
  const preset = contactPresets.find((p) => p.signature.every((h) => present.has(h)));
  return preset && { id: preset.id, targets: byRules(preset, headers) };
}

/**
 * A recognised preset's targets as a mapping: each field once (besides multi-column ones), fields this kind lacks
 * left out, and a column without a home that is titled like one of the kind's custom fields mapped to it.
 */
export function presetMapping(
  kind: ImportKind,
  headers: string[],
  recognised: RecognisedPreset,
  customFields: { id: string; title: string }[],
): string[] {
  const allowed = new Set<string>([...importFields[kind], newFieldTarget]);
  const taken = new Set<string>();
  return recognised.targets.map((preset, i) => {
    const custom = customFields.find((f) => key(f.title) === key(headers[i]!));
    const target = allowed.has(preset) ? preset : custom ? customTarget(custom.id) : '';
    if (target === '' || (taken.has(target) && !multiColumnTargets.includes(target) && target !== newFieldTarget)) return '';
    taken.add(target);
    return target;
  });
}
