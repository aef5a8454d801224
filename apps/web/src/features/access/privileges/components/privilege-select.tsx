import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrivileges } from '../privileges.api.ts';

/** One of the workspace's privileges (built-in ones named in the UI language); `exclude` leaves one out. */
export function PrivilegeSelect({
  orgId,
  value,
  onChange,
  placeholder,
  exclude,
  allowClear = true,
  id,
}: {
  orgId: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  exclude?: string;
  allowClear?: boolean;
  id?: string;
}) {
  const { t } = useTranslation('privileges');
  const privileges = usePrivileges(orgId);
  const options = (privileges.data ?? [])
    .filter((privilege) => privilege.id !== exclude)
    .map((privilege) => ({ value: privilege.id, label: privilegeLabel(t, privilege) }));
  return (
    <Select<string | null>
      id={id}
      allowClear={allowClear}
      loading={privileges.isLoading}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder ?? t('select.placeholder')}
      options={options}
      virtual={false}
    />
  );
}

/** The built-in privileges are stored as "administrator" and "member": show them translated. */
export function privilegeLabel(t: (key: string) => string, privilege: { privilegeName: string; isAdministrator: boolean; isDefault: boolean }): string {
  if (privilege.isAdministrator && privilege.privilegeName === 'administrator') return t('builtIn.administrator');
  if (privilege.isDefault && privilege.privilegeName === 'member') return t('builtIn.member');
  return privilege.privilegeName;
}

/** Labels privileges by id with the workspace's list (members only carry id and stored name). */
export function usePrivilegeLabels(orgId: string): (privilege: { id: string; privilegeName: string } | null) => string | null {
  const { t } = useTranslation('privileges');
  const privileges = usePrivileges(orgId);
  const byId = new Map((privileges.data ?? []).map((p) => [p.id, p]));
  return (privilege) => {
    if (!privilege) return null;
    const full = byId.get(privilege.id);
    return full ? privilegeLabel(t, full) : privilege.privilegeName;
  };
}
