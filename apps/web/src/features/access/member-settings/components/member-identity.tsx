import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Member } from '@lodestar/contract';
import { UserAvatar } from '../../../../shared/ui/user-avatar.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';

/** Avatar, name (or the invited email) and email; marks the top administrator and system administrators. */
export function MemberIdentity({ member, isMe }: { member: Member; isMe: boolean }) {
  const { t } = useTranslation('members');
  const hasAccount = member.userId !== null && member.name !== member.email;
  return (
    <Space size={10} align="start">
      <UserAvatar avatar={member.avatar} name={hasAccount ? member.name : member.email} size={32} />
      <div className="member-identity">
        <Space size={6} wrap>
          <Typography.Text strong>{hasAccount ? member.name : member.email}</Typography.Text>
          {isMe ? <Tag>{t('you')}</Tag> : null}
          {member.isTopAdministrator ? (
            <Tag color={tagColors.highlight}>{t('topAdministrator')}</Tag>
          ) : member.isSystemAdministrator ? (
            <Tag color={tagColors.info}>{t('systemAdministrator')}</Tag>
          ) : null}
        </Space>
        {hasAccount ? (
          <Typography.Text type="secondary" className="member-identity__email">
            {member.email}
          </Typography.Text>
        ) : null}
      </div>
    </Space>
  );
}

const statusColors: Record<Member['status'], string> = { invited: tagColors.warning, activated: tagColors.success, deactivated: 'default' };

export function MemberStatusTag({ status }: { status: Member['status'] }) {
  const { t } = useTranslation('members');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}
