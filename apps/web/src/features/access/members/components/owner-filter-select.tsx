import { useTranslation } from 'react-i18next';
import { useOrganizationUsers } from '../members.api.ts';
import { useRoleLabel } from '../../roles/index.ts';
import { userMatches } from './user-matches.ts';
import { LazySelect } from '../../../../shared/ui/lazy-select.tsx';
import type { OwnerFilter } from '../owner-filter.ts';

interface Props {
  orgId: string;
  value: OwnerFilter;
  onChange: (next: OwnerFilter) => void;
  /** The list's own wording ("My contacts", "My companies"). */
  labels: { control: string; all: string; mine: string };
  className?: string;
}

/** A list toolbar's owner filter (antd's Select loaded after the list paints): everyone, mine, or any activated user of the workspace (searchable). */
export function OwnerFilterSelect({ orgId, value, onChange, labels, className }: Props) {
  const { t } = useTranslation('members');
  const roleLabel = useRoleLabel();
  const users = useOrganizationUsers(orgId);
  const byId = new Map((users.data ?? []).map((user) => [user.userId, user]));
  return (
    <LazySelect
      aria-label={labels.control}
      className={className}
      value={value}
      onChange={onChange}
      loading={users.isLoading}
      popupMatchSelectWidth={false}
      showSearch={{
        filterOption: (input, option) => {
          const user = byId.get(String(option?.value));
          return user ? userMatches(user, input, roleLabel) : String(option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase());
        },
      }}
      options={[
        { value: 'all', label: labels.all },
        { value: 'mine', label: labels.mine },
        ...(users.data?.length
          ? [{ label: t('ownerFilter.users'), options: users.data.map((user) => ({ value: user.userId, label: user.userInfo.name })) }]
          : []),
      ]}
    />
  );
}
