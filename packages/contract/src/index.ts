export * from './locale.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './greeting.ts';
export * from './password.ts';
export * from './auth.ts';
export * from './organizations.ts';
export * from './privileges.ts';
