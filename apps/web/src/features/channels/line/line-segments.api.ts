import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lineRoutingEndpoints as routingApi, lineSegmentEndpoints as api, type LineRoutingBody, type LineSegmentAudience, type LineSegmentCreateBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { lineKeys } from '../query-keys.ts';

/** Segment messages (docs/product.md#segment-messages) and routing (docs/product.md#line-channel). */

/** Past sends, newest first; polled while one is scheduled or sending, so its figures move on screen. */
export function useLineSegmentSends(orgId: string) {
  return useQuery({
    queryKey: lineKeys.segmentSends(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    refetchInterval: (query) => (query.state.data?.items.some((send) => send.status === 'scheduled' || send.status === 'sending') ? 2000 : false),
  });
}

/** The counts and LINE's quota for a tag or saved filter, asked on demand (nothing cached: opt-outs change). */
export function usePreviewLineSegment(orgId: string) {
  return useMutation({ mutationFn: (audience: LineSegmentAudience) => call(api.preview, { orgId, body: audience, successMessage: false }) });
}

/** An image for a segment message (kept as a file of the workspace until sent). */
export function useUploadLineSegmentImage(orgId: string) {
  return useMutation({
    mutationFn: (image: File) => {
      const form = new FormData();
      form.append('image', image);
      return call(api.uploadImage, { orgId, body: form, successMessage: false });
    },
  });
}

export function useCreateLineSegmentSend(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineSegmentCreateBody) => call(api.create, { orgId, body, successMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineKeys.segmentSends(orgId) }),
  });
}

export function useLineRouting(orgId: string) {
  return useQuery({ queryKey: lineKeys.routing(orgId), queryFn: ({ signal }) => call(routingApi.get, { orgId, signal }) });
}

export function useSaveLineRouting(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineRoutingBody) => call(routingApi.save, { orgId, body, successMessage }),
    onSuccess: (data) => queryClient.setQueryData(lineKeys.routing(orgId), data),
  });
}
