import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * An optimistic edit of one cached answer (a detail page's view): the cache shows the change at once, the save
 * runs, and a failed save puts the answer back as it was. The save's own success refreshes the real answer.
 */
export function useOptimisticPatch<T>(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return async (apply: (data: T) => T, save: () => Promise<unknown>): Promise<unknown> => {
    await queryClient.cancelQueries({ queryKey });
    const before = queryClient.getQueryData<T>(queryKey);
    if (before !== undefined) queryClient.setQueryData<T>(queryKey, apply(before));
    try {
      return await save();
    } catch (error) {
      if (before !== undefined) queryClient.setQueryData<T>(queryKey, before);
      throw error;
    }
  };
}
