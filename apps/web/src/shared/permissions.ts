import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { permissionPollMs, privilegesEndpoints, type Feature, type Method, type MyPrivileges } from '@lodestar/contract';
import { call } from './call.ts';

export const permissionKeys = {
  features: (orgId: string) => ['privileges', orgId, 'features'] as const,
};

export function canWith(privileges: MyPrivileges | undefined, feature: Feature, method: Method): boolean {
  if (!privileges) return false;
  return privileges.features[feature]?.methods.includes(method) ?? false;
}

/** The caller's privileges in an org, reloaded every 30 s (docs/product.md#permissions). */
export function permissionsQuery(orgId: string | undefined) {
  return queryOptions({
    queryKey: permissionKeys.features(orgId ?? ''),
    queryFn: ({ signal }) => call(privilegesEndpoints.mine, { orgId, signal }),
    staleTime: permissionPollMs,
  });
}

export function usePermissions(orgId: string | undefined) {
  const query = useQuery({ ...permissionsQuery(orgId), enabled: Boolean(orgId), refetchInterval: permissionPollMs });
  const privileges = query.data;
  const can = useCallback((feature: Feature, method: Method) => canWith(privileges, feature, method), [privileges]);
  return {
    can,
    isSystemAdministrator: privileges?.isSystemAdministrator ?? false,
    isTopAdministrator: privileges?.isTopAdministrator ?? false,
    isLoading: query.isLoading,
  };
}
