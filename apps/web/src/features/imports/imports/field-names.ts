import type { TFunction } from 'i18next';
import type { ImportKind } from '@lodestar/contract';

/** A schedule's client and location are named as in its drawer, not as a contact's company contact and address. */
const scheduleOwnWords = new Set(['client', 'address']);

/** A field's name on the check step and in the export dialog: a kind's own name column, then the shared words. */
export function fieldName(t: TFunction<'imports'>, kind: ImportKind, field: string): string {
  if (field === 'name') return t(`kind.${kind}.name`);
  if (kind === 'schedule' && scheduleOwnWords.has(field)) return t(`kind.schedule.${field as 'client' | 'address'}`);
  return t(`fields.${field}`);
}
