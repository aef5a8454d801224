import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization, OrganizationCreateBody, OrganizationUpdateBody } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { profileKeys } from '../../../shared/profile.api.ts';
import { storeCurrentOrganization } from '../../../shared/session.ts';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  detail: (orgId: string) => [...organizationKeys.all, 'detail', orgId] as const,
};

export function useOrganizations() {
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => apiRequest<Organization[]>('/organizations/list', { query: { ignoreFrozen: true }, signal }),
  });
}

/** The org of the current page: a 404 sends the browser to that org's not-found page. */
export function useOrganization(orgId: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.detail(orgId ?? ''),
    queryFn: ({ signal }) => apiRequest<Organization | null>('/organizations/get', { orgId, pageLookup: true, signal }),
    enabled: Boolean(orgId),
  });
}

function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

export function useCreateOrganization(successMessage: string) {
  return useMutation({
    mutationFn: async (body: OrganizationCreateBody) => {
      const created = await apiRequest<{ orgId: string; orgName: string }>('/organizations/create', {
        method: 'POST',
        body,
        successMessage,
      });
      await apiRequest<unknown>('/organizations/setDefault', {
        method: 'POST',
        orgId: created.orgId,
        body: { orgId: created.orgId },
        successMessage: false,
      });
      storeCurrentOrganization(created.orgId, created.orgName);
      return created;
    },
  });
}

/** Workspace switch: the chosen org becomes the default and the stored one. */
export function useSwitchOrganization() {
  return useMutation({
    mutationFn: async (organization: Pick<Organization, 'orgId' | 'name'>) => {
      await apiRequest<unknown>('/organizations/setDefault', {
        method: 'POST',
        orgId: organization.orgId,
        body: { orgId: organization.orgId },
        successMessage: false,
      });
      storeCurrentOrganization(organization.orgId, organization.name);
      return organization;
    },
  });
}

export function useRenameOrganization(successMessage: string) {
  const invalidate = useInvalidateOrganizations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, workspaceName }: { orgId: string; workspaceName: string }) =>
      apiRequest<unknown>('/organizations/changeName', { method: 'POST', orgId, body: { orgId, workspaceName }, successMessage }),
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: profileKeys.all })]);
    },
  });
}

export function useUpdateOrganization(successMessage: string) {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ orgId, body }: { orgId: string; body: OrganizationUpdateBody }) =>
      apiRequest<unknown>('/organizations/update', { method: 'PUT', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrganization(successMessage: string) {
  const invalidate = useInvalidateOrganizations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => apiRequest<unknown>('/organizations/delete', { method: 'DELETE', orgId, successMessage }),
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: profileKeys.all })]);
    },
  });
}
