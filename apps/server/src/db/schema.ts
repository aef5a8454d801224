// Every table, for drizzle's relational typing and for tests that inspect rows.
export * from '../modules/users/users.table.ts';
export * from '../modules/organizations/organizations.table.ts';
export * from '../modules/privileges/privileges.table.ts';
export * from '../modules/departments/departments.table.ts';
export * from '../platform/mail.table.ts';
export * from '../modules/timeline/timeline.table.ts';
