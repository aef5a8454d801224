import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints as api, type LoginBody, type RegisterBody, type Session } from '@lodestar/contract';
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
