import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, Session } from '@lodestar/contract';
import { storeSession } from '../../../shared/session.ts';
import { authKeys } from '../query-keys.ts';

/**
 * The plain sign-in pages' hooks (login, sign-up, forgot password). Their calls load on demand (sign-in.calls.ts): the
 * page paints first, then `preloadSignInCalls` fetches them while the visitor types.
 */
const loadCalls = () => import('./sign-in.calls.ts');

export function preloadSignInCalls(): void {
  void loadCalls();
}

/** A new session replaces whatever the previous one had cached. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.clear();
    storeSession(session.token, session.user);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await loadCalls()).login(body),
    onSuccess: startSession,
  });
}

export function useRegister(successMessage: string) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: RegisterBody) => (await loadCalls()).register(body, successMessage),
    onSuccess: startSession,
  });
}

/** After sign-in or sign-up: the redirect (if safe) or the org redirect, applying the profile's language. */
export async function continueAfterSignIn(redirect: string | null, navigate: (to: string, options: { replace: boolean }) => void) {
  await (await loadCalls()).continueAfterSignIn(redirect, navigate);
}

export function useSendForgotCode() {
  return useMutation({ mutationFn: async (email: string) => (await loadCalls()).sendForgotCode(email) });
}

export function useCheckForgotCode() {
  return useMutation({ mutationFn: async (body: { email: string; code: string }) => (await loadCalls()).checkForgotCode(body) });
}

export function useChangeForgottenPassword(successMessage: string) {
  return useMutation({
    mutationFn: async (body: { email: string; code: string; newPassword: string; rePassword: string }) =>
      (await loadCalls()).changeForgottenPassword(body, successMessage),
  });
}

/** Whether Sign in with Apple is configured on this server (the button shows only then). */
export function useAppleConfig() {
  return useQuery({
    queryKey: authKeys.appleConfig(),
    queryFn: async ({ signal }) => (await loadCalls()).appleConfig(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** Leaves for Apple's authorization page; Apple posts back to the server, which opens /user/apple-logining. */
export function useStartAppleSignIn() {
  return useMutation({
    mutationFn: async (redirect: string | null) => (await loadCalls()).startAppleSignIn(redirect),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
