import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysEndpoints as api, personalTokensEndpoints as tokens, type ApiKey, type ApiKeyCreateBody, type ApiKeyCreated } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { apiKeyKeys } from '../query-keys.ts';

/**
 * Settings → API keys (the workspace's) and Account → personal access tokens (the user's own): the same three calls,
 * so the page component takes either set (docs/decisions/0019-api-keys.md).
 */
export interface KeyCalls {
  list: { data?: ApiKey[]; isLoading: boolean; isError: boolean; isSuccess: boolean; error: unknown; refetch: () => unknown };
  create: (body: ApiKeyCreateBody) => Promise<ApiKeyCreated>;
  creating: boolean;
  revoke: (id: string) => Promise<unknown>;
}

export function useWorkspaceKeys(orgId: string, notices: { created: string; revoked: string }): KeyCalls {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(orgId) });
  const list = useQuery({ queryKey: apiKeyKeys.all(orgId), queryFn: ({ signal }) => call(api.list, { orgId, signal }), enabled: Boolean(orgId) });
  const create = useMutation({ mutationFn: (body: ApiKeyCreateBody) => call(api.create, { orgId, body, successMessage: notices.created }), onSuccess: invalidate });
  const revoke = useMutation({ mutationFn: (id: string) => call(api.revoke, { orgId, params: { id }, successMessage: notices.revoked }), onSuccess: invalidate });
  return { list, create: create.mutateAsync, creating: create.isPending, revoke: revoke.mutateAsync };
}

export function usePersonalTokens(notices: { created: string; revoked: string }): KeyCalls {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.personal() });
  const list = useQuery({ queryKey: apiKeyKeys.personal(), queryFn: ({ signal }) => call(tokens.list, { signal }) });
  const create = useMutation({ mutationFn: (body: ApiKeyCreateBody) => call(tokens.create, { body, successMessage: notices.created }), onSuccess: invalidate });
  const revoke = useMutation({ mutationFn: (id: string) => call(tokens.revoke, { params: { id }, successMessage: notices.revoked }), onSuccess: invalidate });
  return { list, create: create.mutateAsync, creating: create.isPending, revoke: revoke.mutateAsync };
}
