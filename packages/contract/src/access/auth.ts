import { z } from 'zod';
import { locales } from '../platform/locale.ts';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** Strength is checked by the service (isStrongPassword) so the answer can be AUTH_WEAK_PASSWORD. */
export const passwordSchema = z.string().min(1).max(128);
const nameSchema = z.string().trim().min(1).max(50);

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The default organization, or null before the first workspace exists. */
  orgId: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type Session = z.infer<typeof sessionSchema>;

export const forgotCodeBodySchema = z.object({ email: emailSchema });
export const codeSchema = z.string().trim().regex(/^\d{6}$/);
export const forgotCheckBodySchema = z.object({ email: emailSchema, code: codeSchema });
export const forgotChangeBodySchema = z.object({
  email: emailSchema,
  code: codeSchema,
  newPassword: passwordSchema,
  rePassword: passwordSchema,
});
export type ForgotChangeBody = z.infer<typeof forgotChangeBodySchema>;

export const passwordChangeBodySchema = z.object({
  currentPassword: passwordSchema,
  newPassword: passwordSchema,
  rePassword: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/**
 * /user/pwd/reset and checkResetPwd: the long single-use token of the link in the forgot-password mail
 * (/user/resetPassword?code=…). It and the 6-digit code are one grant: using either voids both.
 */
export const resetLinkTokenSchema = z.string().trim().min(20).max(200);
export const passwordResetBodySchema = z.object({
  code: resetLinkTokenSchema,
  newPassword: passwordSchema,
  rePassword: passwordSchema,
});
export const checkResetQuerySchema = z.object({ code: resetLinkTokenSchema });
/** checkResetPwd answers the (partly masked) address the link was sent to. */
export const checkResetResultSchema = z.object({ email: z.string() });

export const purchaseInfoSchema = z.object({
  /** e.g. 'subscribe_team'; 'free' when the default org has no subscription. */
  productId: z.string(),
});

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  language: z.enum(locales),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  userFullnameInOrg: z.string().nullable(),
  purchaseInfo: purchaseInfoSchema,
  /** Named in OPERATOR_EMAILS: the avatar menu offers the operator console. */
  isOperator: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateBodySchema = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  /** Image URL or short text (docs/product.md#fields). */
  avatar: z.string().trim().max(2048).nullable().optional(),
  language: z.enum(locales).optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;
