import type { TFunction } from 'i18next';
import { recordFieldTitle, resolveLocale, type ImportKind } from '@lodestar/contract';

/** A schedule's client and location are named as in its drawer, not as a contact's company contact and address. */
const scheduleOwnWords = new Set(['client', 'address']);

/**
 * A field's name on the check step and in the export dialog: a record's from the contract's field list (as the
 * template and the export head their columns), a schedule's from this feature's words.
 */
export function fieldName(t: TFunction<'imports'>, language: string, kind: ImportKind, field: string): string {
  if (kind !== 'schedule') return recordFieldTitle(resolveLocale(language), kind, field) ?? t(`fields.${field}`);
  if (field === 'name') return t(`kind.${kind}.name`);
  if (scheduleOwnWords.has(field)) return t(`kind.schedule.${field as 'client' | 'address'}`);
  return t(`fields.${field}`);
}
