import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody, Session } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { storeSession } from '../../../shared/session.ts';

/** Changing the password revokes every other session and answers a fresh token, which is stored. */
export function useChangePassword(successMessage: string) {
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => apiRequest<Session>('/user/pwd/change', { method: 'POST', body, successMessage }),
    onSuccess: (session) => storeSession(session.token, session.user),
  });
}
