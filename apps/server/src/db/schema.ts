// Every table, for drizzle's relational typing and for tests that inspect rows.
export * from '../modules/users/users.table.ts';
export * from '../modules/organizations/organizations.table.ts';
export * from '../modules/privileges/privileges.table.ts';
export * from '../modules/departments/departments.table.ts';
export * from '../platform/mail.table.ts';
export * from '../platform/files.table.ts';
export * from '../platform/jobs.table.ts';
export * from '../modules/companies/companies.table.ts';
export * from '../modules/contacts/contacts.table.ts';
export * from '../modules/tags/tags.table.ts';
export * from '../modules/custom-fields/custom-fields.table.ts';
export * from '../modules/notes/notes.table.ts';
export * from '../modules/timeline/timeline.table.ts';
export * from '../modules/sales-stages/sales-stages.table.ts';
export * from '../modules/sales-items/sales-items.table.ts';
export * from '../modules/deals/deals.table.ts';
export * from '../modules/calendar-sync/calendar-sync.table.ts';
