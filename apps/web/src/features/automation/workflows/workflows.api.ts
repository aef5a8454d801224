import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints, workflowsEndpoints as api, type WorkflowInput, type WorkflowRunStatus } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { workflowKeys } from '../query-keys.ts';

/** settings/workflows calls (docs/product.md#workflows). */

export function useWorkflows(orgId: string) {
  return useQuery({ queryKey: workflowKeys.list(orgId), queryFn: ({ signal }) => call(api.list, { orgId, signal }), enabled: Boolean(orgId) });
}

export function useWorkflowRuns(orgId: string, filter: { workflowId?: string | undefined; status?: WorkflowRunStatus | undefined }) {
  return useQuery({
    queryKey: workflowKeys.runs(orgId, filter),
    queryFn: ({ signal }) => call(api.runs, { orgId, query: filter, signal }),
    enabled: Boolean(orgId),
    // Runs move on their own (the runner polls every 2 s): the open log follows them.
    refetchInterval: 5_000,
  });
}

function useInvalidate(orgId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(orgId) });
}

export function useSaveWorkflow(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WorkflowInput }) =>
      id ? call(api.update, { orgId, params: { id }, body, successMessage }) : call(api.create, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteWorkflow(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: (id: string) => call(api.remove, { orgId, params: { id }, successMessage }), onSuccess: invalidate });
}

export function useDryRun(orgId: string) {
  return useMutation({ mutationFn: (body: WorkflowInput) => call(api.dryRun, { orgId, body }) });
}

export function useReplayRun(orgId: string, successMessage: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: ({ id, fromStep }: { id: string; fromStep: number }) => call(api.replay, { orgId, params: { id }, body: { fromStep }, successMessage }), onSuccess: invalidate });
}

/** The workspace's mail templates, for the e-mail step (read through the mail context's endpoint). */
export function useMailTemplateChoices(orgId: string) {
  return useQuery({ queryKey: [...workflowKeys.all(orgId), 'mailTemplates'], queryFn: ({ signal }) => call(mailboxesEndpoints.templates, { orgId, signal }), enabled: Boolean(orgId) });
}

/** A webhook-in trigger's new signing secret: the answer is the only time it is shown. */
export function useRotateHookSecret(orgId: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({ mutationFn: (id: string) => call(api.rotateHookSecret, { orgId, params: { id } }), onSuccess: invalidate });
}
