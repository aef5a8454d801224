import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { automationEndpoints as api, type AutomationSetting } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { automationKeys } from '../query-keys.ts';

export function useAutomationSetting(orgId: string) {
  return useQuery({ queryKey: automationKeys.setting(orgId), queryFn: ({ signal }) => call(api.setting, { orgId, signal }) });
}

export function useSaveAutomationSetting(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationSetting) => call(api.saveSetting, { orgId, body, successMessage }),
    onSuccess: (data) => queryClient.setQueryData(automationKeys.setting(orgId), data),
  });
}
