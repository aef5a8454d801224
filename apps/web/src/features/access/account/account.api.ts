import { useMutation } from '@tanstack/react-query';
import { usersEndpoints as api, type PasswordChangeBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { storeSession } from '../../../shared/session.ts';

/** Changing the password revokes every other session and answers a fresh token, which is stored. */
export function useChangePassword(successMessage: string) {
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => call(api.changePassword, { body, successMessage }),
    onSuccess: (session) => storeSession(session.token, session.user),
  });
}
