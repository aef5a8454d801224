import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type Profile, type ProfileUpdateBody } from '@lodestar/contract';
import { call } from './call.ts';
import { storeProfile, useSession } from './session.ts';

/** The signed-in user's profile: read by the header, the org redirect and the account pages. */
export const profileKeys = {
  all: ['profile'] as const,
};

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const profile = await call(usersEndpoints.profile, { signal });
  storeProfile(profile);
  return profile;
}

export function profileQuery() {
  return queryOptions({ queryKey: profileKeys.all, queryFn: ({ signal }) => fetchProfile(signal), staleTime: 60_000 });
}

export function useProfile() {
  const { token } = useSession();
  return useQuery({ ...profileQuery(), enabled: Boolean(token) });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => call(usersEndpoints.updateProfile, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
