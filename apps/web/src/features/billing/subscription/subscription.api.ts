import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionsEndpoints as api, type CardBindBody, type CheckoutBody, type CheckoutQuoteBody, type PurchaseChoice } from '@lodestar/contract';
import { useSearchParams } from 'react-router';
import { call } from '../../../shared/call.ts';
import { profileKeys } from '../../../shared/profile.api.ts';
import { useSession } from '../../../shared/session.ts';
import { organizationKeys } from '../../access/query-keys.ts';
import { billingKeys } from '../query-keys.ts';

/** The workspace billing is about: `?orgId=` (links from the frozen page and mails), else the current one. */
export function useBillingOrgId(): string | null {
  const [params] = useSearchParams();
  const session = useSession();
  return params.get('orgId') ?? session.profile?.orgId ?? session.user?.orgId ?? null;
}

export function useCatalog() {
  return useQuery({ queryKey: billingKeys.catalog(), queryFn: ({ signal }) => call(api.catalog, { signal }), staleTime: 5 * 60_000 });
}

export function usePlanInfo(orgId: string | null) {
  return useQuery({
    queryKey: billingKeys.planInfo(orgId ?? ''),
    queryFn: ({ signal }) => call(api.planInfo, { query: {}, orgId, signal }),
    enabled: Boolean(orgId),
    staleTime: 60_000,
  });
}

export function useCharges(orgId: string | null, enabled = true) {
  return useQuery({
    queryKey: billingKeys.charges(orgId ?? ''),
    queryFn: ({ signal }) => call(api.charges, { query: {}, orgId, signal }),
    enabled: Boolean(orgId) && enabled,
  });
}

/** One charge; while 3-D Secure is pending the server asks TapPay, so it is polled. */
export function useCharge(orgId: string | null, id: string | null) {
  return useQuery({
    queryKey: billingKeys.charge(orgId ?? '', id ?? ''),
    queryFn: ({ signal }) => call(api.charge, { params: { id: id! }, query: {}, orgId, signal }),
    enabled: Boolean(orgId && id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' || query.state.data?.status === 'processing' ? 3000 : false),
  });
}

function useInvalidateBilling(orgId: string | null) {
  const queryClient = useQueryClient();
  // The plan also shows in the profile (purchaseInfo) and the workspace list.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.workspace(orgId ?? '') }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
    ]);
}

export function useCheckout(orgId: string | null) {
  const invalidate = useInvalidateBilling(orgId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutBody) => call(api.checkout, { query: {}, orgId, body, successMessage: false }),
    // Not awaited: the page moves on to the result (or the bank) at once; the refreshed plan would otherwise
    // replace the payment form under it first.
    onSuccess: () => void invalidate(),
    // 409 BILLING_AMOUNT_CHANGED (a coupon ran out meanwhile): ask the price again, so the button shows the new one.
    onError: () => void queryClient.invalidateQueries({ queryKey: [...billingKeys.workspace(orgId ?? ''), 'quote'] }),
  });
}

/**
 * What the first payment of this choice costs with the typed code (checked, not redeemed). The page shows it and
 * pays exactly it; the previous answer stays on screen while the next is asked, but the pay button waits for it.
 */
export function useCheckoutQuote(orgId: string | null, body: CheckoutQuoteBody | null) {
  return useQuery({
    queryKey: billingKeys.quote(orgId ?? '', body),
    queryFn: ({ signal }) => call(api.quote, { query: {}, orgId, body: body!, signal }),
    enabled: Boolean(orgId && body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useChangePlan(orgId: string | null, successMessage: string) {
  const invalidate = useInvalidateBilling(orgId);
  return useMutation({ mutationFn: (body: PurchaseChoice) => call(api.change, { query: {}, orgId, body, successMessage }), onSuccess: invalidate });
}

export function useCancelSubscription(orgId: string | null, successMessage: string) {
  const invalidate = useInvalidateBilling(orgId);
  return useMutation({ mutationFn: () => call(api.cancel, { query: {}, orgId, successMessage }), onSuccess: invalidate });
}

export function useResumeSubscription(orgId: string | null, successMessage: string) {
  const invalidate = useInvalidateBilling(orgId);
  return useMutation({ mutationFn: () => call(api.resume, { query: {}, orgId, successMessage }), onSuccess: invalidate });
}

export function useRedeemCoupon(orgId: string | null, successMessage: string) {
  const invalidate = useInvalidateBilling(orgId);
  return useMutation({ mutationFn: (code: string) => call(api.redeemCoupon, { query: {}, orgId, body: { code }, successMessage }), onSuccess: invalidate });
}

export function useDismissNotices(orgId: string | null) {
  const invalidate = useInvalidateBilling(orgId);
  return useMutation({ mutationFn: (ids: string[]) => call(api.dismissNotices, { query: {}, orgId, body: { ids }, successMessage: false, overlay: false }), onSuccess: invalidate });
}

/** Plan info → change card: a new card on file without a payment. */
export function useBindCard(orgId: string | null, successMessage: string) {
  const invalidate = useInvalidateBilling(orgId);
  return useMutation({ mutationFn: (body: CardBindBody) => call(api.bindCard, { query: {}, orgId, body, successMessage }), onSuccess: invalidate });
}

/** The sandbox's 3-D Secure page (test mode): the transaction it asks about, and the cardholder's answer. */
export function useSandboxVerification(tradeId: string | null) {
  return useQuery({
    queryKey: billingKeys.sandboxVerification(tradeId ?? ''),
    queryFn: ({ signal }) => call(api.sandboxVerification, { params: { tradeId: tradeId! }, signal }),
    enabled: Boolean(tradeId),
    retry: false,
  });
}

export function useSandboxVerify(tradeId: string) {
  return useMutation({ mutationFn: (approve: boolean) => call(api.sandboxVerify, { params: { tradeId }, body: { approve }, successMessage: false }) });
}
