import { useMutation, useQuery } from '@tanstack/react-query';
import { salesItemsEndpoints as api, type CostSaveInput, type ProductSaveInput } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { salesItemKeys } from '../query-keys.ts';
import { useInvalidateWithDeals } from './settings-cache.ts';

/** Sales items: the products a deal sells and the costs it carries (settings lists, docs/product.md#fields). */

export function useProducts(orgId: string) {
  return useQuery({
    queryKey: salesItemKeys.products(orgId),
    queryFn: ({ signal }) => call(api.listProducts, { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveProduct(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, salesItemKeys.products(orgId));
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ProductSaveInput }) =>
      id ? call(api.updateProduct, { params: { id }, orgId, body, successMessage }) : call(api.createProduct, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, salesItemKeys.products(orgId));
  return useMutation({
    mutationFn: (id: string) => call(api.removeProduct, { params: { id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useCosts(orgId: string) {
  return useQuery({
    queryKey: salesItemKeys.costs(orgId),
    queryFn: ({ signal }) => call(api.listCosts, { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveCost(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, salesItemKeys.costs(orgId));
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CostSaveInput }) =>
      id ? call(api.updateCost, { params: { id }, orgId, body, successMessage }) : call(api.createCost, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteCost(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, salesItemKeys.costs(orgId));
  return useMutation({
    mutationFn: (id: string) => call(api.removeCost, { params: { id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}
