/**
 * The deals context's query keys (docs/ARCHITECTURE.md, "Contexts"): its features and the contexts above
 * it name these keys instead of writing arrays. Settings writes (stages, sales items) refresh `dealKeys.all`
 * too, since every deal screen shows them.
 */

/** The deal list's own parameters (one cache entry per combination and cursor). */
export interface DealListParams {
  keywords: string;
  sortBy: 'createdAt' | 'updatedAt';
  decending: boolean;
  /** A statistic's drill-down filters from the address (scope, status, date ranges, product, stalled…). */
  drill?: Record<string, string>;
}

export const dealKeys = {
  all: (orgId: string) => ['deals', orgId] as const,
  filter: (orgId: string) => [...dealKeys.all(orgId), 'filter'] as const,
  board: (orgId: string, stageTypeId: string | null, keywords: string) => [...dealKeys.all(orgId), 'board', stageTypeId ?? '', keywords] as const,
  boards: (orgId: string) => [...dealKeys.all(orgId), 'board'] as const,
  page: (orgId: string, params: DealListParams, cursor: string | null) => [...dealKeys.all(orgId), 'page', params, cursor] as const,
  picker: (orgId: string, keywords: string, limit: number) => [...dealKeys.all(orgId), 'picker', keywords, limit] as const,
  view: (orgId: string, id: string) => [...dealKeys.all(orgId), 'view', id] as const,
  detail: (orgId: string, id: string) => [...dealKeys.all(orgId), 'detail', id] as const,
  fieldSetting: (orgId: string) => [...dealKeys.all(orgId), 'fieldSetting'] as const,
  allTargets: (orgId: string) => [...dealKeys.all(orgId), 'targets'] as const,
  targets: (orgId: string, year: number, uid: string) => [...dealKeys.allTargets(orgId), year, uid] as const,
};

/** The workspace's lost reasons (Settings → Lost reasons; the close-as-lost dialog). */
export const lostReasonKeys = {
  all: (orgId: string) => ['lost-reasons', orgId] as const,
};

export const salesStageKeys = {
  all: (orgId: string) => ['sales-stages', orgId] as const,
};

/** Sales items: the products a deal sells and the costs it carries, one list each. */
export const salesItemKeys = {
  products: (orgId: string) => ['products', orgId] as const,
  costs: (orgId: string) => ['costs', orgId] as const,
};

/** A deal's quotes (deals/quotes): refreshed by the quote writes, and with the deal. */
export const quoteKeys = {
  ofDeal: (orgId: string, dealId: string) => [...dealKeys.all(orgId), 'quotes', dealId] as const,
  settings: (orgId: string) => ['quoteSettings', orgId] as const,
  channels: (orgId: string, id: string) => ['quoteChannels', orgId, id] as const,
};

/** A deal's e-invoices and the workspace's e-invoice connection (deals/sales-invoices). */
export const salesInvoiceKeys = {
  ofDeal: (orgId: string, dealId: string) => [...dealKeys.all(orgId), 'invoices', dealId] as const,
  settings: (orgId: string) => ['eInvoiceSettings', orgId] as const,
};
