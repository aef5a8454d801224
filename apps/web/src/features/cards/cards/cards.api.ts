import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardsEndpoints, type Card, type CardSaveInput } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { cardKeys } from '../query-keys.ts';

export function useCard(orgId: string) {
  return useQuery({ queryKey: cardKeys.card(orgId), queryFn: ({ signal }) => call(cardsEndpoints.get, { orgId, signal }) });
}

export function useCardThemes(orgId: string) {
  return useQuery({ queryKey: cardKeys.themes(orgId), queryFn: ({ signal }) => call(cardsEndpoints.themes, { orgId, signal }) });
}

export function useCardLeads(orgId: string) {
  return useQuery({ queryKey: cardKeys.leads(orgId), queryFn: ({ signal }) => call(cardsEndpoints.leads, { orgId, signal }) });
}

function useCardWrite<V>(orgId: string, write: (value: V) => Promise<Card>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (card) => {
      queryClient.setQueryData(cardKeys.card(orgId), card);
      void queryClient.invalidateQueries({ queryKey: cardKeys.themes(orgId) });
    },
  });
}

export function useSaveCard(orgId: string, successMessage?: string) {
  return useCardWrite(orgId, (body: CardSaveInput) => call(cardsEndpoints.save, { orgId, body, successMessage }));
}

export function useSetCardTheme(orgId: string, successMessage: string) {
  return useCardWrite(orgId, (themeId: string) => call(cardsEndpoints.setTheme, { orgId, body: { themeId }, successMessage }));
}

/** The photo, already scaled and re-encoded by shared/format/image.ts (docs/product.md#limits). */
export function useUploadCardPhoto(orgId: string) {
  return useCardWrite(orgId, (photo: File) => {
    const form = new FormData();
    form.append('photo', photo);
    return call(cardsEndpoints.uploadPhoto, { orgId, body: form });
  });
}

export function useRemoveCardPhoto(orgId: string) {
  return useCardWrite(orgId, () => call(cardsEndpoints.removePhoto, { orgId }));
}
