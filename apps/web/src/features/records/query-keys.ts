import type { AdvanceFilter, ColumnSettingEntity, CustomFieldEntity, ListSortField, RecordEntityType, TagKind, TrashType } from '@lodestar/contract';

/**
 * The TanStack Query keys of the records context (docs/ARCHITECTURE.md): every records feature, and the
 * contexts above (deals, calendar, booking, …), build keys here instead of writing arrays, so that an
 * invalidation always matches what a query cached. Each family starts with [name, orgId], which is what
 * "refresh everything of this kind in this workspace" invalidates.
 */

/** The list filters of the contact and company pages (the key holds them, so each filter caches apart). */
export interface RecordListParams {
  filter: AdvanceFilter;
  sortBy: ListSortField;
  decending: boolean;
}

export const contactKeys = {
  all: (orgId: string) => ['contacts', orgId] as const,
  list: (orgId: string, params: RecordListParams) => [...contactKeys.all(orgId), 'list', params] as const,
  picker: (orgId: string, keyword: string) => [...contactKeys.all(orgId), 'picker', keyword] as const,
  detail: (orgId: string, id: string) => [...contactKeys.all(orgId), 'detail', id] as const,
  view: (orgId: string, id: string) => [...contactKeys.all(orgId), 'view', id] as const,
  recent: (orgId: string) => [...contactKeys.all(orgId), 'recent'] as const,
};

/** The contact list's saved filters (also the LINE segment audiences). */
export const savedFilterKeys = {
  all: (orgId: string) => ['savedFilters', orgId] as const,
};

export const companyKeys = {
  all: (orgId: string) => ['companies', orgId] as const,
  page: (orgId: string, params: RecordListParams, cursor: string | null) => [...companyKeys.all(orgId), 'page', params, cursor] as const,
  picker: (orgId: string, keyword: string) => [...companyKeys.all(orgId), 'picker', keyword] as const,
  detail: (orgId: string, id: string) => [...companyKeys.all(orgId), 'detail', id] as const,
  view: (orgId: string, id: string) => [...companyKeys.all(orgId), 'view', id] as const,
  duplicate: (orgId: string, by: 'name' | 'tax', text: string, excludeId?: string) =>
    [...companyKeys.all(orgId), 'duplicate', by, text, excludeId ?? ''] as const,
  /** Outside companyKeys.all: saving a company does not change the registry. */
  registry: (orgId: string, taxId: string) => ['companyRegistry', orgId, taxId] as const,
  /** The registry enrichments (their progress is polled; outside companyKeys.all so a save does not refetch them). */
  enrichments: (orgId: string) => ['companyEnrichments', orgId] as const,
};

/** Possible duplicates and the merges that can still be undone, per kind. */
export const duplicateKeys = {
  all: (orgId: string) => ['duplicates', orgId] as const,
  list: (orgId: string, kind: 'contact' | 'company') => [...duplicateKeys.all(orgId), 'list', kind] as const,
  merges: (orgId: string, kind: 'contact' | 'company') => [...duplicateKeys.all(orgId), 'merges', kind] as const,
  records: (orgId: string, kind: 'contact' | 'company', ids: string[]) => [...duplicateKeys.all(orgId), 'records', kind, ...ids] as const,
};

export const tagKeys = {
  all: (orgId: string) => ['tags', orgId] as const,
  tree: (orgId: string, kind: TagKind) => [...tagKeys.all(orgId), kind, 'tree'] as const,
};

/** A record's history: its notes (written by users) and its timeline (the automatic event log). */
export const noteKeys = {
  all: (orgId: string) => ['notes', orgId] as const,
  record: (orgId: string, entityType: RecordEntityType, entityId: string) => [...noteKeys.all(orgId), entityType, entityId] as const,
  notes: (orgId: string, entityType: RecordEntityType, entityId: string) => [...noteKeys.record(orgId, entityType, entityId), 'notes'] as const,
  timeline: (orgId: string, entityType: RecordEntityType, entityId: string) => [...noteKeys.record(orgId, entityType, entityId), 'timeline'] as const,
  /** The merged timeline, page by page, per set of kinds shown (issue 30). */
  timelinePages: (orgId: string, entityType: RecordEntityType, entityId: string, kinds: readonly string[]) =>
    [...noteKeys.record(orgId, entityType, entityId), 'timeline-pages', kinds.join(',')] as const,
  /** The record page's figures and sections. */
  summary: (orgId: string, entityType: RecordEntityType, entityId: string) => [...noteKeys.record(orgId, entityType, entityId), 'summary'] as const,
};

export const customFieldKeys = {
  all: (orgId: string) => ['custom-fields', orgId] as const,
  list: (orgId: string, entity: CustomFieldEntity) => [...customFieldKeys.all(orgId), entity] as const,
};

export const columnSettingKeys = {
  all: (orgId: string) => ['column-settings', orgId] as const,
  of: (orgId: string, entity: ColumnSettingEntity) => [...columnSettingKeys.all(orgId), entity] as const,
};

export const trashKeys = {
  all: (orgId: string) => ['trash', orgId] as const,
  list: (orgId: string, type: TrashType | 'all') => [...trashKeys.all(orgId), type] as const,
};

export const searchKeys = {
  all: (orgId: string) => ['search', orgId] as const,
  results: (orgId: string, keyword: string) => [...searchKeys.all(orgId), keyword] as const,
};

/** A record's field history (records/history), newest first, page by page. */
export const historyKeys = {
  record: (orgId: string, kind: RecordEntityType, id: string) => ['history', orgId, kind, id] as const,
};
