import { Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Member } from '@lodestar/contract';
import { formatDate } from '../../../../shared/format/when.ts';
import { useRoleLabel } from '../../roles/index.ts';
import { MemberIdentity, MemberStatusTag } from './member-identity.tsx';

export type MemberRowAction = 'edit' | 'deactivate' | 'activate' | 'cancelInvitation' | 'resend';

/** What may be done to a member: nobody deactivates the top administrator or themselves. */
export function actionsFor(member: Member, myUserId: string | null): MemberRowAction[] {
  if (member.status === 'invited') return ['resend', 'cancelInvitation'];
  const isMe = member.userId !== null && member.userId === myUserId;
  const actions: MemberRowAction[] = ['edit'];
  if (member.status === 'activated' && !member.isTopAdministrator && !isMe) actions.push('deactivate');
  if (member.status === 'deactivated') actions.push('activate');
  return actions;
}

/** Users or invitations, one row each, with the actions their status allows. */
export function MembersTable({
  members,
  myUserId,
  privilegeLabel,
  busyMemberId,
  onAction,
  variant,
}: {
  members: Member[];
  myUserId: string | null;
  privilegeLabel: (privilege: Member['privilege']) => string | null;
  busyMemberId: string | null;
  onAction: (action: MemberRowAction, member: Member) => void;
  variant: 'users' | 'invitations';
}) {
  const { t } = useTranslation('members');
  const roleLabel = useRoleLabel();
  const none = <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <Table<Member>
      rowKey="memberId"
      size="middle"
      dataSource={members}
      pagination={members.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 820 }}
      columns={[
        {
          key: 'user',
          title: variant === 'users' ? t('columns.user') : t('columns.email'),
          render: (_, member) => <MemberIdentity member={member} isMe={member.userId !== null && member.userId === myUserId} />,
        },
        ...(variant === 'users'
          ? [{ key: 'role', title: t('columns.role'), render: (_: unknown, member: Member) => roleLabel(member.role) }]
          : []),
        { key: 'privilege', title: t('columns.privilege'), render: (_, member) => privilegeLabel(member.privilege) ?? none },
        { key: 'department', title: t('columns.department'), render: (_, member) => member.department?.name ?? none },
        {
          key: 'status',
          title: t('columns.status'),
          render: (_, member) => <MemberStatusTag status={member.status} />,
        },
        ...(variant === 'invitations'
          ? [{ key: 'createdAt', title: t('columns.invitedAt'), render: (_: unknown, member: Member) => formatDate(member.createdAt) }]
          : []),
        {
          key: 'actions',
          title: <span className="sr-only">{t('columns.actions')}</span>,
          align: 'right',
          render: (_, member) => (
            <Space size={4} wrap>
              {actionsFor(member, myUserId).map((action) => (
                <Button
                  key={action}
                  size="small"
                  type={action === 'activate' ? 'primary' : 'default'}
                  danger={action === 'deactivate' || action === 'cancelInvitation'}
                  loading={busyMemberId === member.memberId && action !== 'edit'}
                  aria-label={t(`actionsFor.${action}`, { name: member.name })}
                  onClick={() => onAction(action, member)}
                >
                  {t(`actions.${action}`)}
                </Button>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}
