import { useQuery } from '@tanstack/react-query';
import { invoicesEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { billingKeys } from '../query-keys.ts';

/** The e-invoice proof (證明聯) of one charge. */
export function useInvoiceProof(orgId: string | null, chargeId: string | null) {
  return useQuery({
    queryKey: billingKeys.invoice(orgId ?? '', chargeId ?? ''),
    queryFn: ({ signal }) => call(api.proof, { params: { id: chargeId! }, query: {}, orgId, signal }),
    enabled: Boolean(orgId && chargeId),
  });
}
