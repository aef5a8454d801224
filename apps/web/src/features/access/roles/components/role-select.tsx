import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../roles.api.ts';

/** One of the workspace's custom roles; cleared, the member holds the built-in role (the placeholder says so). */
export function RoleSelect({ orgId, value, onChange, id }: { orgId: string; value?: string | null; onChange?: (value: string | null) => void; id?: string }) {
  const { t } = useTranslation('roles');
  const roles = useRoles(orgId);
  const options = (roles.data ?? []).filter((role) => !role.builtIn).map((role) => ({ value: role.id, label: role.name }));
  return (
    <Select<string | null>
      id={id}
      allowClear
      loading={roles.isLoading}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={t('select.builtInPlaceholder')}
      options={options}
      notFoundContent={t('select.none')}
      virtual={false}
    />
  );
}
