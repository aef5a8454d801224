import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salesStagesEndpoints as api, type EndpointBody, type SalesStageType, type StageCreateInput } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { salesStageKeys } from '../query-keys.ts';
import { useInvalidateWithDeals } from './settings-cache.ts';

/** What the stage dialog sends: a new stage (with its type) or every field of an existing one. */
export type StageSaveInput = StageCreateInput & EndpointBody<typeof api.update>;

export function useStageTypes(orgId: string) {
  return useQuery({
    queryKey: salesStageKeys.all(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveStage(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, salesStageKeys.all(orgId));
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: StageSaveInput }) =>
      id === undefined ? call(api.create, { orgId, body, successMessage }) : call(api.update, { params: { id }, orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteStage(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, salesStageKeys.all(orgId));
  return useMutation({
    mutationFn: (id: number) => call(api.remove, { params: { id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}

/** Drag-sort save: the type's whole ordered list of stage ids; the list moves at once and goes back on failure. */
export function useSortStages(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  const key = salesStageKeys.all(orgId);
  const invalidate = useInvalidateWithDeals(orgId, key);
  return useMutation({
    mutationFn: ({ stageTypeId, ids }: { stageTypeId: string; ids: number[] }) => call(api.sort, { orgId, body: { stageTypeId, ids }, successMessage }),
    onMutate: ({ stageTypeId, ids }) => {
      const previous = queryClient.getQueryData<{ items: SalesStageType[] }>(key);
      if (previous) {
        queryClient.setQueryData<{ items: SalesStageType[] }>(key, {
          items: previous.items.map((type) =>
            type.uuid === stageTypeId
              ? { ...type, stages: ids.map((id, sort) => ({ ...type.stages.find((stage) => stage.id === id)!, sort })) }
              : type,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: invalidate,
  });
}
