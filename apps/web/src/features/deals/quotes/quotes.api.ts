import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quotesEndpoints as api, type QuoteCreateBody, type QuoteSendBody, type QuoteSettings, type QuoteUpdateBody } from '@lodestar/contract';
import { apiDownload, saveBlob } from '../../../shared/api-client.ts';
import { call } from '../../../shared/call.ts';
import { dealKeys, quoteKeys } from '../query-keys.ts';

/** A deal's quotes (GET /deal/{id}/quotes), newest first. */
export function useDealQuotes(orgId: string, dealId: string) {
  return useQuery({ queryKey: quoteKeys.ofDeal(orgId, dealId), queryFn: ({ signal }) => call(api.listOfDeal, { params: { id: dealId }, orgId, signal }) });
}

/** After a write: the deal's quotes and the deal itself (its timeline shows quote steps). */
function useRefresh(orgId: string, dealId: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: quoteKeys.ofDeal(orgId, dealId) }), client.invalidateQueries({ queryKey: dealKeys.all(orgId) })]);
}

export function useCreateQuote(orgId: string, dealId: string, successMessage: string) {
  const refresh = useRefresh(orgId, dealId);
  return useMutation({ mutationFn: (body: QuoteCreateBody) => call(api.create, { orgId, body, successMessage }), onSuccess: refresh });
}

export function useUpdateQuote(orgId: string, dealId: string, successMessage: string) {
  const refresh = useRefresh(orgId, dealId);
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: QuoteUpdateBody }) => call(api.update, { params: { id }, orgId, body, successMessage }), onSuccess: refresh });
}

/** What the send dialog may offer: the buyer's e-mail, the sender's mailbox, a linked LINE friend. */
export function useQuoteChannels(orgId: string, id: string | null) {
  return useQuery({ queryKey: quoteKeys.channels(orgId, id ?? ''), enabled: id !== null, queryFn: ({ signal }) => call(api.channels, { params: { id: id! }, orgId, signal }) });
}

export function useSendQuote(orgId: string, dealId: string, successMessage: string) {
  const refresh = useRefresh(orgId, dealId);
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: QuoteSendBody }) => call(api.send, { params: { id }, orgId, body, successMessage }), onSuccess: refresh });
}

/** Downloads the quote's PDF (the member route: same token and language as every call). */
export async function downloadQuotePdf(orgId: string, quote: { id: string; number: string; version: number }): Promise<void> {
  const blob = await apiDownload(api.pdf.path.replace(':id', quote.id), { orgId });
  saveBlob(blob, `${quote.number}-v${quote.version}.pdf`);
}

/** Settings → Quotes: the numbering prefix, the letterhead, the default terms and validity, what acceptance does. */
export function useQuoteSettings(orgId: string) {
  return useQuery({ queryKey: quoteKeys.settings(orgId), queryFn: ({ signal }) => call(api.settings, { orgId, signal }) });
}

export function useSaveQuoteSettings(orgId: string, successMessage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<QuoteSettings, 'logoUrl'>) => call(api.saveSettings, { orgId, body, successMessage }),
    onSuccess: (saved) => client.setQueryData(quoteKeys.settings(orgId), saved),
  });
}

/** The letterhead's logo: already scaled and re-encoded as PNG or JPEG by shared/format/image.ts. */
export function useQuoteLogo(orgId: string, successMessage: string) {
  const client = useQueryClient();
  const onSuccess = (saved: QuoteSettings) => client.setQueryData(quoteKeys.settings(orgId), saved);
  const upload = useMutation({
    mutationFn: (logo: File) => {
      const form = new FormData();
      form.append('logo', logo);
      return call(api.uploadLogo, { orgId, body: form, successMessage });
    },
    onSuccess,
  });
  const remove = useMutation({ mutationFn: () => call(api.removeLogo, { orgId, successMessage }), onSuccess });
  return { upload, remove };
}

/** Downloads the current version of every quote the member sees (optionally made in [from, to]) as CSV. */
export async function downloadQuotesCsv(orgId: string, range: { from?: string; to?: string }): Promise<void> {
  const blob = await apiDownload(api.export.path, { orgId, query: range });
  saveBlob(blob, 'quotes.csv');
}
