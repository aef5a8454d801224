import type { Feature, TagKind } from '@lodestar/contract';

/**
 * What differs between the contact and company pages that share the record components: the privilege
 * feature, the tag kind, the route segment and the i18n namespace (which holds the same keys for both).
 */
export interface RecordEntity {
  entityType: 'contact' | 'company';
  feature: Extract<Feature, 'contact' | 'company'>;
  tagKind: TagKind;
  path: 'contact' | 'company';
  namespace: 'contacts' | 'companies';
}

export const recordEntities = {
  contact: { entityType: 'contact', feature: 'contact', tagKind: 'customer', path: 'contact', namespace: 'contacts' },
  company: { entityType: 'company', feature: 'company', tagKind: 'company', path: 'company', namespace: 'companies' },
} as const satisfies Record<string, RecordEntity>;
