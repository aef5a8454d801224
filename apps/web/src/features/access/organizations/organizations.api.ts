import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organizationsEndpoints as api, type Organization, type OrganizationCreateBody, type OrganizationUpdateBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { profileKeys } from '../../../shared/profile.api.ts';
import { storeCurrentOrganization } from '../../../shared/session.ts';
import { organizationKeys } from '../query-keys.ts';

/** The user's workspaces (the avatar menu); also asked for by the start preload (app/preload.ts). */
export function organizationsQuery() {
  return queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => call(api.list, { query: { ignoreFrozen: 'true' }, signal }),
  });
}

export function useOrganizations() {
  return useQuery(organizationsQuery());
}

/** The org of the current page: a 404 sends the browser to that org's not-found page. */
export function organizationQuery(orgId: string | undefined) {
  return queryOptions({
    queryKey: organizationKeys.detail(orgId ?? ''),
    queryFn: ({ signal }) => call(api.get, { orgId, pageLookup: true, signal }),
  });
}

export function useOrganization(orgId: string | undefined) {
  return useQuery({ ...organizationQuery(orgId), enabled: Boolean(orgId) });
}

function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

/** The workspace becomes the user's default (profile.orgId) and the stored one. */
async function makeCurrent(organization: { orgId: string; name: string }): Promise<void> {
  await call(api.setDefault, { orgId: organization.orgId, successMessage: false });
  storeCurrentOrganization(organization.orgId, organization.name);
}

export function useCreateOrganization(successMessage: string) {
  return useMutation({
    mutationFn: async (body: OrganizationCreateBody) => {
      const created = await call(api.create, { body, successMessage });
      await makeCurrent({ orgId: created.orgId, name: created.orgName });
      return created;
    },
  });
}

/** Workspace switch: the chosen org becomes the default and the stored one. */
export function useSwitchOrganization() {
  return useMutation({
    mutationFn: async (organization: Pick<Organization, 'orgId' | 'name'>) => {
      await makeCurrent(organization);
      return organization;
    },
  });
}

export function useRenameOrganization(successMessage: string) {
  const invalidate = useInvalidateOrganizations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, workspaceName }: { orgId: string; workspaceName: string }) =>
      call(api.rename, { orgId, body: { orgId, workspaceName }, successMessage }),
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: profileKeys.all })]);
    },
  });
}

export function useUpdateOrganization(successMessage: string) {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ orgId, body }: { orgId: string; body: OrganizationUpdateBody }) => call(api.update, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrganization(successMessage: string) {
  const invalidate = useInvalidateOrganizations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => call(api.remove, { orgId, successMessage }),
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: profileKeys.all })]);
    },
  });
}
