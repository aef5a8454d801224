import { appleSignInEndpoints as appleApi, usersEndpoints as api, type LoginBody, type RegisterBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { reconcileLanguageAfterSignIn } from '../../../shared/language.ts';
import { safeRedirectPath } from '../../../shared/navigation.ts';
import { fetchProfile } from '../../../shared/profile.api.ts';

/**
 * The sign-in pages' calls, loaded on demand (sign-in.api.ts): the contract's endpoint definitions carry their zod
 * schemas, which the sign-in page does not need before the visitor submits (scripts/check-initial-bundle.ts).
 */
export const login = (body: LoginBody) => call(api.login, { body, anonymous: true, successMessage: false });

export const register = (body: RegisterBody, successMessage: string) => call(api.register, { body, anonymous: true, successMessage });

export const sendForgotCode = (email: string) => call(api.forgotPasswordCode, { body: { email }, anonymous: true, successMessage: false });

export const checkForgotCode = (body: { email: string; code: string }) => call(api.checkForgotPasswordCode, { body, anonymous: true, successMessage: false });

export const changeForgottenPassword = (body: { email: string; code: string; newPassword: string; rePassword: string }, successMessage: string) =>
  call(api.changeForgottenPassword, { body, anonymous: true, successMessage });

export const appleConfig = (signal: AbortSignal) => call(appleApi.config, { anonymous: true, signal, notifyError: false });

export const startAppleSignIn = (redirect: string | null) => call(appleApi.start, { body: { redirect }, anonymous: true, successMessage: false });

/** Where to go after signing in: the `redirect` parameter if safe, else the org redirect. */
export function afterSignInPath(redirect: string | null): string {
  return safeRedirectPath(redirect) ?? '/org/redirect';
}

/** Goes on after sign-in; a full load when the profile's language has to be applied. */
export async function continueAfterSignIn(redirect: string | null, navigate: (to: string, options: { replace: boolean }) => void) {
  const target = afterSignInPath(redirect);
  try {
    const profile = await fetchProfile();
    if (await reconcileLanguageAfterSignIn(profile.language)) {
      window.location.assign(target);
      return;
    }
  } catch {
    // The org redirect reads the profile again and handles its failure.
  }
  navigate(target, { replace: true });
}
