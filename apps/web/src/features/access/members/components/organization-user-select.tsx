import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrganizationUser } from '@lodestar/contract';
import { UserAvatar } from '../../../../shared/ui/user-avatar.tsx';
import { useOrganizationUsers } from '../members.api.ts';
import { useRoleLabel } from '../../roles/index.ts';
import { userMatches } from './user-matches.ts';

export function OrganizationUserOption({ user }: { user: OrganizationUser }) {
  const role = useRoleLabel()(user.role);
  return (
    <Space size={8} className="user-option">
      <UserAvatar avatar={user.userInfo.avatar} name={user.userInfo.firstWord || user.userInfo.name} size={24} />
      <span className="user-option__text">
        <span className="user-option__name">{user.userInfo.name}</span>
        {role ? <Typography.Text type="secondary" className="user-option__role">{role}</Typography.Text> : null}
        <Typography.Text type="secondary" className="user-option__email">{user.userInfo.email}</Typography.Text>
      </span>
    </Space>
  );
}

interface CommonProps {
  orgId: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Users that may not be picked (e.g. already assigned). */
  excludeUserIds?: readonly string[];
  'aria-label'?: string;
}

type Props =
  | (CommonProps & { mode: 'multiple'; value?: string[]; onChange?: (value: string[]) => void })
  | (CommonProps & { mode?: 'single'; value?: string | null; onChange?: (value: string | null) => void });

/**
 * The organization user picker of docs/product.md#screens: activated ("open") users with avatar, name, role and
 * email; single or multiple. Values are account ids (what owner fields store). Works inside Form.Item.
 */
export function OrganizationUserSelect(props: Props) {
  const { t } = useTranslation('members');
  const roleLabel = useRoleLabel();
  const users = useOrganizationUsers(props.orgId);
  const excluded = new Set(props.excludeUserIds ?? []);
  const list = (users.data ?? []).filter((user) => !excluded.has(user.userId) || [props.value].flat().includes(user.userId));
  const byId = new Map(list.map((user) => [user.userId, user]));
  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    disabled: props.disabled,
    loading: users.isLoading,
    allowClear: true,
    placeholder: props.placeholder ?? t('userSelect.placeholder'),
    notFoundContent: users.isLoading ? t('common:states.loading') : t('userSelect.empty'),
    showSearch: {
      filterOption: (input: string, option?: { value?: string | number | null }) => {
        const user = byId.get(String(option?.value));
        return user ? userMatches(user, input, roleLabel) : false;
      },
    },
    options: list.map((user) => ({ value: user.userId, label: user.userInfo.name })),
    optionRender: (option: { value?: string | number | null }) => {
      const user = byId.get(String(option.value));
      return user ? <OrganizationUserOption user={user} /> : null;
    },
    popupMatchSelectWidth: false,
    virtual: false,
  };
  if (props.mode === 'multiple') {
    return <Select<string[]> {...common} mode="multiple" value={props.value} onChange={(value) => props.onChange?.(value ?? [])} />;
  }
  return <Select<string | null> {...common} value={props.value ?? null} onChange={(value) => props.onChange?.(value ?? null)} />;
}
