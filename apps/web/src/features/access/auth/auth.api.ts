import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appleSignInEndpoints as appleApi, usersEndpoints as api, type LoginBody, type RegisterBody, type Session } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { clearSession, storeSession } from '../../../shared/session.ts';
import { authKeys } from '../query-keys.ts';

function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.clear();
    storeSession(session.token, session.user);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: LoginBody) => call(api.login, { body, anonymous: true, successMessage: false }),
    onSuccess: startSession,
  });
}

export function useRegister(successMessage: string) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterBody) => call(api.register, { body, anonymous: true, successMessage }),
    onSuccess: startSession,
  });
}

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

export function useSendForgotCode() {
  return useMutation({
    mutationFn: (email: string) => call(api.forgotPasswordCode, { body: { email }, anonymous: true, successMessage: false }),
  });
}

export function useCheckForgotCode() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => call(api.checkForgotPasswordCode, { body, anonymous: true, successMessage: false }),
  });
}

export function useChangeForgottenPassword(successMessage: string) {
  return useMutation({
    mutationFn: (body: { email: string; code: string; newPassword: string; rePassword: string }) =>
      call(api.changeForgottenPassword, { body, anonymous: true, successMessage }),
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

/** Whether Sign in with Apple is configured on this server (the button shows only then). */
export function useAppleConfig() {
  return useQuery({
    queryKey: authKeys.appleConfig(),
    queryFn: ({ signal }) => call(appleApi.config, { anonymous: true, signal, notifyError: false }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Leaves for Apple's authorization page; Apple posts back to the server, which opens /user/apple-logining. */
export function useStartAppleSignIn() {
  return useMutation({
    mutationFn: (redirect: string | null) => call(appleApi.start, { body: { redirect }, anonymous: true, successMessage: false }),
    onSuccess: ({ url }) => window.location.assign(url),
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
