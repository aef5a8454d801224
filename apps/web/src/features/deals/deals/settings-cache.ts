import { useQueryClient } from '@tanstack/react-query';
import { dealKeys } from '../query-keys.ts';

/** Settings writes (stages, sales items) refresh the setting and every deal screen that shows it. */
export function useInvalidateWithDeals(orgId: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: dealKeys.all(orgId) })]);
}
