import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { completeColumnSetting, listColumnsOf, type ColumnSetting, type ColumnSettingEntity } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

/** The product's path names: "customer" for contacts. */
const paths: Record<ColumnSettingEntity, string> = { contact: '/customerFieldSetting', company: '/companyFieldSetting' };
const columnSettingKey = (orgId: string, entity: ColumnSettingEntity) => ['column-settings', orgId, entity] as const;

export function useColumnSetting(orgId: string, entity: ColumnSettingEntity) {
  return useQuery({
    queryKey: columnSettingKey(orgId, entity),
    queryFn: ({ signal }) => apiRequest<ColumnSetting>(paths[entity], { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveColumnSetting(orgId: string, entity: ColumnSettingEntity, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColumnSetting) => apiRequest<ColumnSetting>(paths[entity], { method: 'POST', orgId, body, successMessage }),
    onSuccess: (saved) => queryClient.setQueryData(columnSettingKey(orgId, entity), saved),
  });
}

/**
 * Applies a list's column setting to its table columns (keyed like the setting): the name column and
 * any custom-field columns stay, built-in ones follow the saved order and visibility. While the setting
 * loads, every column shows.
 */
export function useVisibleColumns<Column extends { key?: unknown }>(orgId: string, entity: ColumnSettingEntity, columns: Column[]): Column[] {
  const setting = useColumnSetting(orgId, entity);
  const builtIn: readonly string[] = listColumnsOf[entity];
  const { columns: order } = completeColumnSetting<string>(builtIn, setting.data?.columns ?? null);
  const isBuiltIn = (column: Column) => builtIn.includes(String(column.key));
  const firstBuiltIn = columns.findIndex(isBuiltIn);
  if (firstBuiltIn < 0) return columns;
  const byKey = new Map(columns.map((column) => [String(column.key), column]));
  const shown = order.filter((column) => column.isShow).flatMap((column) => byKey.get(column.key) ?? []);
  return [...columns.slice(0, firstBuiltIn), ...shown, ...columns.slice(firstBuiltIn).filter((column) => !isBuiltIn(column))];
}
