/**
 * Plain values shared by contacts and companies (docs/product.md#fields, #limits, #api).
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. records.ts re-exports them and keeps the schemas.
 */

export const socialTypes = ['line', 'wechat', 'skype', 'facebook', 'instagram'] as const;
export type SocialType = (typeof socialTypes)[number];

/** docs/product.md#limits: no-contact filters (days). */
export const noContactDaysOptions = [30, 90, 180, 365] as const;

export const listSortFields = ['updatedAt', 'createdAt', 'name', 'lastContactAt'] as const;
export type ListSortField = (typeof listSortFields)[number];

/**
 * POST /api/customer and /api/company are multipart (docs/product.md#api): scalar fields are form fields,
 * these fields carry JSON text, and the avatar is the file part `fileAvatar`. A JSON body is accepted too.
 */
export const multipartJsonFields = [
  'phones', 'emails', 'socials', 'addresses', 'tagIds', 'dynamicFields', 'isImportant', 'otherNames',
] as const;
