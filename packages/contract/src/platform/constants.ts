/** Business constants of docs/product.md#limits, in one place for server and web. */
export const plans = ['free', 'basic', 'pro', 'subscribe_team', 'enterprise'] as const;
export type Plan = (typeof plans)[number];
/** docs/product.md#limits: the default plan id is subscribe_team (the team plan). */
export const teamPlan: Plan = 'subscribe_team';

export const freePlanLimits = {
  contacts: 100,
  contactTags: 8,
  companyTags: 5,
  salesStages: 6,
  products: 5,
  storageBytes: 1024 ** 3,
} as const;

export const trashRetentionDays = 30;
export const permissionPollMs = 30_000;
export const defaultColor = '#828B91';
/** Reservations in the calendar: one colour so they stand apart from schedules. */
export const reservationColor = '#1F7A8C';

export const debounceMs = {
  duplicateCheck: 500,
  pickerSearch: 300,
  globalSearch: 800,
  dealPickerFilter: 300,
  dealNameSuggestion: 2000,
  scheduleSuggestion: 2000,
  calendarReload: 700,
  /** /subscription checks a coupon code as it is typed. */
  couponCheck: 400,
} as const;

export const pageSizes = {
  picker: 500,
  companyTable: 25,
  contactTable: 5,
  dealPicker: 25,
  dealPickerLoad: 20,
  dealList: 20,
} as const;

export const reminderOptionsSeconds = [0, 300, 600, 1800, 3600, 86400] as const;

/** Forgot-password codes: 6 digits, at most 10 minutes, 5 wrong tries. */
export const passwordResetCode = { length: 6, ttlMs: 10 * 60_000, maxAttempts: 5 } as const;

/**
 * New versions (docs/product.md#errors): every API answer carries the served web build's id in this header; a tab
 * built from another build says a new version is available. A page chunk or stylesheet that has not loaded after
 * chunkLoadTimeoutMs counts as a failed load, which leads to the same message.
 */
export const buildIdHeader = 'x-lodestar-build';
export const chunkLoadTimeoutMs = 120_000;
