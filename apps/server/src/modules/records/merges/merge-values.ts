import { emailKey, phoneKey, type DuplicateKind } from '@lodestar/contract';
import type { RowSnapshot } from '../../../db/record-snapshots.ts';

/*
 * The survivor's row after a merge, from the snapshots (snake_case columns): picked single values, every value of
 * the multi-value fields without repeats (phones and e-mails compared by their normalised keys), and the flags that
 * must not be lost (important, no marketing: kept if any record had them).
 */

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

type Item = Record<string, unknown>;

function unionBy(lists: unknown[], keyOf: (item: Item) => string): Item[] {
  const seen = new Set<string>();
  const out: Item[] = [];
  for (const list of lists) {
    for (const item of (list as Item[] | null) ?? []) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

const text = (item: Item, field: string) => String(item[field] ?? '');

export function mergedSurvivor(kind: DuplicateKind, rows: RowSnapshot[], survivorId: string, picks: Record<string, string>, fields: readonly string[], now: string): RowSnapshot {
  const survivor = rows.find((r) => r.id === survivorId)!;
  const others = rows.filter((r) => r.id !== survivorId);
  const ordered = [survivor, ...others];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: RowSnapshot = { ...survivor, updated_at: now };
  for (const field of fields) {
    const column = snake(field);
    const picked = picks[field];
    out[column] = picked ? byId.get(picked)![column] ?? null : (ordered.find((r) => !isEmpty(r[column]))?.[column] ?? null);
  }
  const all = (column: string) => ordered.map((r) => r[column]);
  out.phones = unionBy(all('phones'), (p) => phoneKey(text(p, 'value')) ?? text(p, 'value'));
  out.socials = unionBy(all('socials'), (s) => `${text(s, 'type')}:${text(s, 'account').toLowerCase()}`);
  out.tag_ids = [...new Set(ordered.flatMap((r) => (r.tag_ids as string[] | null) ?? []))];
  out.is_important = ordered.some((r) => r.is_important === true);
  // Survivor's custom field values win; the merged-away records fill the ones it lacks.
  out.dynamic_fields = Object.assign({}, ...[...ordered].reverse().map((r) => (r.dynamic_fields as Item | null) ?? {}));
  if (kind === 'contact') {
    out.emails = unionBy(all('emails'), (e) => emailKey(text(e, 'value')) ?? text(e, 'value'));
    out.addresses = unionBy(all('addresses'), (a) => text(a, 'value').trim());
    out.no_marketing = ordered.some((r) => r.no_marketing === true);
    const contacted = ordered.map((r) => r.last_contact_at as string | null).filter((v): v is string => v !== null);
    out.last_contact_at = contacted.length ? contacted.reduce((a, b) => (new Date(a) >= new Date(b) ? a : b)) : null;
  } else {
    // The names the others were known by stay findable as other names.
    const names = ordered.flatMap((r) => [r.name as string, ...((r.other_names as string[] | null) ?? [])]);
    out.other_names = [...new Set(names.filter((n) => n && n !== out.name))];
  }
  return out;
}

/** A merged-away row: hidden (deleted, pointing at the survivor), otherwise as it was. */
export function mergedAway(row: RowSnapshot, survivorId: string, now: string): RowSnapshot {
  return { ...row, deleted_at: now, merged_into_id: survivorId, updated_at: now };
}
