import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lineChannelEndpoints as api, type LineRichMenuBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { lineKeys } from '../query-keys.ts';

/** The official account's rich menu (docs/product.md#line-channel). */
export function useLineRichMenu(orgId: string) {
  return useQuery({ queryKey: lineKeys.richMenu(orgId), queryFn: ({ signal }) => call(api.richMenu, { orgId, signal }) });
}

export function usePublishLineRichMenu(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, menu }: { image: File; menu: LineRichMenuBody }) => {
      const form = new FormData();
      form.append('menu', JSON.stringify(menu));
      form.append('image', image);
      return call(api.publishRichMenu, { orgId, body: form, successMessage });
    },
    onSuccess: (data) => queryClient.setQueryData(lineKeys.richMenu(orgId), data),
  });
}

export function useRemoveLineRichMenu(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.removeRichMenu, { orgId, successMessage }),
    onSuccess: (data) => queryClient.setQueryData(lineKeys.richMenu(orgId), data),
  });
}
