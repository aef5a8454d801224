import { useState } from 'react';
import { Button, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrganizationUserSelect, useEditMember, useMembers } from '../../members/index.ts';
import { EmptyState } from '../../../../shared/ui/query-state.tsx';
import type { PrivilegeUsers } from '../privileges.api.ts';

/** Who holds the privilege as their own, and giving it to more users (each keeps one privilege). */
export function PrivilegeHolders({
  orgId,
  privilegeId,
  holders,
}: {
  orgId: string;
  privilegeId: string;
  holders: PrivilegeUsers['holders'];
}) {
  const { t } = useTranslation('privileges');
  const members = useMembers(orgId, 'activated');
  const edit = useEditMember(orgId, t('notices.given'));
  const [picked, setPicked] = useState<string[]>([]);
  const give = async () => {
    const byUser = new Map((members.data ?? []).map((member) => [member.userId, member.memberId]));
    for (const userId of picked) {
      const memberId = byUser.get(userId);
      if (memberId) await edit.mutateAsync({ memberId, privilegeId });
    }
    setPicked([]);
  };
  return (
    <div className="page-stack">
      <Space.Compact className="holders-add">
        <OrganizationUserSelect
          mode="multiple"
          orgId={orgId}
          value={picked}
          onChange={setPicked}
          excludeUserIds={holders.map((holder) => holder.userId ?? '')}
          placeholder={t('holders.pick')}
          aria-label={t('holders.pick')}
        />
        <Button type="primary" disabled={picked.length === 0} loading={edit.isPending} onClick={() => void give()}>
          {t('holders.give')}
        </Button>
      </Space.Compact>
      {holders.length === 0 ? (
        <EmptyState description={t('holders.empty')} />
      ) : (
        <List
          size="small"
          dataSource={holders}
          rowKey="memberId"
          renderItem={(holder) => (
            <List.Item>
              <Space size={12} wrap>
                <Typography.Text strong>{holder.name}</Typography.Text>
                <Typography.Text type="secondary">{holder.email}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
