import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  columnSettingsEndpoints as api,
  completeColumnSetting,
  listColumnsOf,
  type ColumnSetting,
  type ColumnSettingEntity,
} from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { columnSettingKeys } from '../query-keys.ts';

/** Each list's endpoints (the product's path names: "customer" for contacts). */
const endpointsOf = {
  contact: { read: api.contactColumns, save: api.saveContactColumns },
  company: { read: api.companyColumns, save: api.saveCompanyColumns },
} as const;

export function columnSettingQuery(orgId: string, entity: ColumnSettingEntity) {
  return queryOptions({
    queryKey: columnSettingKeys.of(orgId, entity),
    queryFn: ({ signal }): Promise<ColumnSetting> => call(endpointsOf[entity].read, { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useColumnSetting(orgId: string, entity: ColumnSettingEntity) {
  return useQuery(columnSettingQuery(orgId, entity));
}

export function useSaveColumnSetting(orgId: string, entity: ColumnSettingEntity, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The server checks the keys against the list's columns (400 otherwise).
    mutationFn: (body: ColumnSetting): Promise<ColumnSetting> => call(endpointsOf[entity].save, { orgId, body: body as never, successMessage }),
    onSuccess: (saved) => queryClient.setQueryData(columnSettingKeys.of(orgId, entity), saved),
  });
}

/**
 * Applies a list's column setting to its table columns (keyed like the setting): the name column and
 * any custom-field columns stay, built-in ones follow the saved order and visibility. While the setting
 * loads, the field list's first columns show.
 */
export function useVisibleColumns<Column extends { key?: unknown }>(orgId: string, entity: ColumnSettingEntity, columns: Column[]): Column[] {
  const setting = useColumnSetting(orgId, entity);
  const builtIn: readonly string[] = listColumnsOf[entity];
  const { columns: order } = completeColumnSetting(entity, setting.data?.columns ?? null);
  const isBuiltIn = (column: Column) => builtIn.includes(String(column.key));
  const firstBuiltIn = columns.findIndex(isBuiltIn);
  if (firstBuiltIn < 0) return columns;
  const byKey = new Map(columns.map((column) => [String(column.key), column]));
  const shown = order.filter((column) => column.isShow).flatMap((column) => byKey.get(column.key) ?? []);
  return [...columns.slice(0, firstBuiltIn), ...shown, ...columns.slice(firstBuiltIn).filter((column) => !isBuiltIn(column))];
}
