import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appleSignInEndpoints as appleApi, usersEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { clearSession } from '../../../shared/session.ts';
import { authKeys } from '../query-keys.ts';
import { useStartSession } from './sign-in.api.ts';

// The auth calls of the antd pages (reset link, Apple's return) and logout; the plain sign-in pages' are in sign-in.api.ts.

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(api.logout, { anonymous: true, successMessage: false, notifyError: false });
      } finally {
        clearSession();
        queryClient.clear();
      }
    },
  });
}

export function useResetLink(code: string | null) {
  return useQuery({
    queryKey: authKeys.resetLink(code ?? ''),
    queryFn: ({ signal }) => call(api.checkResetLink, { query: { code: code! }, anonymous: true, signal }),
    enabled: Boolean(code),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword(successMessage: string) {
  return useMutation({
    mutationFn: (body: { code: string; newPassword: string; rePassword: string }) => call(api.resetPassword, { body, anonymous: true, successMessage }),
  });
}

/** /user/apple-logining: the one-time ticket for a session, as a password login. */
export function useFinishAppleSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (ticket: string) => call(appleApi.session, { body: { ticket }, anonymous: true, successMessage: false, notifyError: false }),
    onSuccess: startSession,
  });
}
