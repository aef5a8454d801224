import { z } from 'zod';

/**
 * Sign in with Apple (docs/product.md#sign-in-with-apple): OpenID Connect with Apple's form-post answer.
 * The browser asks for the authorization URL, Apple posts the answer to the server's callback, the server
 * redirects to /user/apple-logining?ticket=… (or ?error=CODE), and that page trades the one-time ticket
 * for the same session a password login gives.
 */
export const appleConfigSchema = z.object({ enabled: z.boolean() });

export const appleStartBodySchema = z.object({
  /** Where to go after signing in (a path inside the app; anything else is ignored). */
  redirect: z.string().max(2000).nullable().optional(),
});
export const appleStartResultSchema = z.object({ url: z.string() });

/** What Apple posts (application/x-www-form-urlencoded) to the callback. */
export const appleCallbackBodySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  id_token: z.string().max(20000).optional(),
  /** JSON with name and email, sent only on the first authorization of this app. */
  user: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});
export type AppleCallbackBody = z.infer<typeof appleCallbackBodySchema>;

export const appleSessionBodySchema = z.object({ ticket: z.string().min(1).max(200) });
export const appleSessionResultSchema = z.object({
  /** The redirect given to start, when there was a safe one. */
  redirect: z.string().nullable(),
});
