import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tagsEndpoints as api, type Tag, type TagKind, type TagTreeNode } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { companyKeys, contactKeys, noteKeys, tagKeys } from '../query-keys.ts';

/** The tag tree of contacts (`customer`) or companies; roots may be tag types. */
export function tagTreeQuery(orgId: string, kind: TagKind) {
  return queryOptions({
    queryKey: tagKeys.tree(orgId, kind),
    queryFn: ({ signal }) => call(api.tree, { params: { kind }, orgId, signal }),
    staleTime: 30_000,
  });
}

export function useTagTree(orgId: string, kind: TagKind) {
  return useQuery({ ...tagTreeQuery(orgId, kind), enabled: Boolean(orgId) });
}

function useInvalidateTags(orgId: string) {
  const queryClient = useQueryClient();
  // Records show their tags too, so their lists refresh with the tree.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: contactKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: noteKeys.all(orgId) }),
    ]);
}

export function useCreateTag(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { name: string; color: string; parentId?: string | null; noticeDay?: number }) =>
      call(api.create, { params: { kind }, orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useCreateTagType(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { name: string }) => call(api.createType, { params: { kind }, orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** The tag manager's Submit: the whole tree in order. */
export function useSaveTagTree(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (tree: TagTreeNode[]) =>
      call(api.saveTree, { params: { kind }, orgId, body: { tree }, successMessage }),
    onSuccess: invalidate,
  });
}

export function useSetTagShown(orgId: string, kind: TagKind) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { id: string; isShow: 0 | 1 }) =>
      call(api.setShown, { params: { kind }, orgId, body, successMessage: false }),
    onSuccess: invalidate,
  });
}

/** Sets the tags of one record (detail page). */
export function useSetRecordTags(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { id: string; tagIds: string[] }) =>
      call(api.setRecordTags, { params: { kind }, orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Adds (or removes) tags on many records (list bulk action). */
export function useApplyTags(orgId: string, kind: TagKind, successMessage: string) {
  const invalidate = useInvalidateTags(orgId);
  return useMutation({
    mutationFn: (body: { ids: string[]; tagIds: string[]; remove?: boolean }) =>
      call(api.apply, { params: { kind }, orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Depth-first list of a tree (for lookups by id). */
export function flattenTags(tree: Tag[]): Tag[] {
  return tree.flatMap((tag) => [tag, ...flattenTags(tag.children)]);
}
