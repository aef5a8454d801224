import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, Session } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { clearSession, storeSession } from '../../../shared/session.ts';

export const authKeys = {
  resetLink: (code: string) => ['auth', 'reset-link', code] as const,
};

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<Session>('/login', { method: 'POST', body, anonymous: true, successMessage: false }),
    onSuccess: (session) => {
      queryClient.clear();
      storeSession(session.token, session.user);
    },
  });
}

export function useRegister(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<Session>('/register', { method: 'POST', body, anonymous: true, successMessage }),
    onSuccess: (session) => {
      queryClient.clear();
      storeSession(session.token, session.user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest<unknown>('/logout', { method: 'POST', anonymous: true, successMessage: false, notifyError: false });
      } finally {
        clearSession();
        queryClient.clear();
      }
    },
  });
}

export function useSendForgotCode() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>('/forget/pwd/code', { method: 'POST', body: { email }, anonymous: true, successMessage: false }),
  });
}

export function useCheckForgotCode() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      apiRequest<unknown>('/forget/pwd/code/check', { method: 'POST', body, anonymous: true, successMessage: false }),
  });
}

export function useChangeForgottenPassword(successMessage: string) {
  return useMutation({
    mutationFn: (body: { email: string; code: string; newPassword: string; rePassword: string }) =>
      apiRequest<unknown>('/forget/pwd/change', { method: 'POST', body, anonymous: true, successMessage }),
  });
}

export function useResetLink(code: string | null) {
  return useQuery({
    queryKey: authKeys.resetLink(code ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ email: string }>('/user/pwd/checkResetPwd', { query: { code }, anonymous: true, signal }),
    enabled: Boolean(code),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword(successMessage: string) {
  return useMutation({
    mutationFn: (body: { code: string; newPassword: string; rePassword: string }) =>
      apiRequest<unknown>('/user/pwd/reset', { method: 'POST', body, anonymous: true, successMessage }),
  });
}
