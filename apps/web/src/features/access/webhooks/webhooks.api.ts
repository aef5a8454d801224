import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksEndpoints as api } from '@lodestar/contract';
import type { z } from 'zod';
import { call } from '../../../shared/call.ts';
import { webhookKeys } from '../query-keys.ts';

/** settings/webhooks calls (docs/product.md#webhooks). */
export type WebhookInput = z.input<typeof api.create.body>;

export function useWebhooks(orgId: string) {
  return useQuery({ queryKey: webhookKeys.all(orgId), queryFn: ({ signal }) => call(api.list, { orgId, signal }), enabled: Boolean(orgId) });
}

export function useDeliveries(orgId: string, id: string | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(orgId, id ?? ''),
    queryFn: ({ signal }) => call(api.deliveries, { orgId, params: { id: id! }, signal }),
    enabled: Boolean(orgId && id),
    // Pending deliveries move on their own: the open log follows them.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 3_000 : false),
  });
}

function useInvalidate(orgId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(orgId) });
}

export function useCreateWebhook(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: (body: WebhookInput) => call(api.create, { orgId, body, successMessage }), onSuccess: invalidate });
}

export function useUpdateWebhook(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookInput & { id: string; enabled: boolean }) => call(api.update, { orgId, params: { id }, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: (id: string) => call(api.remove, { orgId, params: { id }, successMessage }), onSuccess: invalidate });
}

export function useTestWebhook(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: (id: string) => call(api.test, { orgId, params: { id }, successMessage }), onSuccess: invalidate });
}

export function useResendDelivery(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: (id: string) => call(api.resend, { orgId, params: { id }, successMessage }), onSuccess: invalidate });
}
