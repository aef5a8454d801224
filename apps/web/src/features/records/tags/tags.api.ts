import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagKind, TagTreeNode } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const tagKeys = {
  all: (orgId: string) => ['tags', orgId] as const,
  tree: (orgId: string, kind: TagKind) => [...tagKeys.all(orgId), kind, 'tree'] as const,
};

/** The tag tree of contacts (`customer`) or companies; roots may be tag types. */
export function useTagTree(orgId: string, kind: TagKind) {
  return useQuery({
    queryKey: tagKeys.tree(orgId, kind),
    queryFn: ({ signal }) => apiRequest<Tag[]>(`/tags/${kind}/toTree`, { orgId, signal }),
    enabled: Boolean(orgId),
    staleTime: 30_000,
  });
}

function useInvalidateTags(orgId: string) {
  const queryClient = useQueryClient();
  // Records show their tags too, so their lists refresh with the tree.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['contacts', orgId] }),
      queryClient.invalidateQueries({ queryKey: ['companies', orgId] }),
      queryClient.invalidateQueries({ queryKey: ['notes', orgId] }),
    ]);
}

export function useCreateTag(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { name: string; color: string; parentId?: string | null; noticeDay?: number }) =>
      apiRequest<Tag>(`/tags/${kind}`, { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useCreateTagType(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { name: string }) => apiRequest<Tag>(`/tags/${kind}/type`, { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** The tag manager's Submit: the whole tree in order. */
export function useSaveTagTree(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (tree: TagTreeNode[]) =>
      apiRequest<unknown>(`/tags/${kind}/settingByTree`, { method: 'POST', orgId, body: { tree }, successMessage }),
    onSuccess: invalidate,
  });
}

export function useSetTagShown(orgId: string, kind: TagKind) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { id: string; isShow: 0 | 1 }) =>
      apiRequest<unknown>(`/tags/${kind}/settingShow`, { method: 'POST', orgId, body, successMessage: false }),
    onSuccess: invalidate,
  });
}

/** Sets the tags of one record (detail page). */
export function useSetRecordTags(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { id: string; tagIds: string[] }) =>
      apiRequest<unknown>(`/tags/${kind}/singleUpdate`, { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Adds (or removes) tags on many records (list bulk action). */
export function useApplyTags(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { ids: string[]; tagIds: string[]; remove?: boolean }) =>
      apiRequest<unknown>(`/tags/${kind}/apply`, { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Depth-first list of a tree (for lookups by id). */
export function flattenTags(tree: Tag[]): Tag[] {
  return tree.flatMap((tag) => [tag, ...flattenTags(tag.children)]);
}
