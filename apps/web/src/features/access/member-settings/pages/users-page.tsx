import { useState } from 'react';
import { Badge, Button, Card, Segmented, Tabs, Typography } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { teamPlan, type Member, type Organization, type Profile } from '@lodestar/contract';
import { ApiError } from '../../../../shared/api-client.ts';
import { useProfile } from '../../../../shared/profile.api.ts';
import { useSession } from '../../../../shared/session.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { UpgradeTip } from '../../../../shared/ui/upgrade-tip.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useOrganization } from '../../organizations/index.ts';
import { usePrivilegeLabels } from '../../privileges/index.ts';
import { EditMemberDialog } from '../components/edit-member-dialog.tsx';
import { InviteMembersForm } from '../components/invite-members-form.tsx';
import { MembersTable, type MemberRowAction } from '../components/members-table.tsx';
import { useInviteMembers, useMemberAction, useMembers, type MemberAction } from '../../members/index.ts';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';

const tabs = ['users', 'invitations', 'create'] as const;
type TabKey = (typeof tabs)[number];
type UserFilter = 'all' | 'activated' | 'deactivated';

/** The server's rule (docs/product.md#validation, #permissions): the workspace's plan, or its top administrator's purchase, is the team plan. */
export function hasTeamPlan(organization: Organization | undefined | null, profile: Profile | undefined): boolean {
  if (!organization) return false;
  if (organization.plan === teamPlan) return true;
  return organization.isTopAdministrator && profile?.purchaseInfo.productId === teamPlan;
}

/** /{orgId}/settings/users: tabs Users, Activate User (pending invitations) and Create User (invite). */
export function UsersPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const { modal } = feedback;
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'users';
  const [filter, setFilter] = useState<UserFilter>('all');
  const [editing, setEditing] = useState<Member | null>(null);
  const session = useSession();
  const members = useMembers(orgId);
  const organization = useOrganization(orgId);
  const profile = useProfile();
  const privilegeLabel = usePrivilegeLabels(orgId);
  const memberAction = useMemberAction(orgId, {
    deactivate: t('notices.deactivated'),
    activate: t('notices.activated'),
    cancelInvitation: t('notices.cancelled'),
  });
  const resend = useInviteMembers(orgId, t('notices.resent'));
  const canInvite = hasTeamPlan(organization.data, profile.data);
  const planRefused = resend.error instanceof ApiError && resend.error.code === 'ORG_TEAM_PLAN_REQUIRED';

  const all = members.data ?? [];
  const users = all.filter((m) => m.status !== 'invited' && (filter === 'all' || m.status === filter));
  const invitations = all.filter((m) => m.status === 'invited');
  const busyMemberId = memberAction.isPending ? (memberAction.variables?.memberId ?? null) : resend.isPending ? 'resend' : null;

  const confirmAction = (action: MemberAction, member: Member) =>
    modal.confirm({
      title: t(`confirm.${action}.title`, { name: member.name }),
      content: t(`confirm.${action}.text`),
      okText: t(`actions.${action}`),
      okButtonProps: { danger: action !== 'activate' },
      cancelText: t('common:actions.cancel'),
      onOk: () => memberAction.mutateAsync({ action, memberId: member.memberId }),
    });

  const onAction = (action: MemberRowAction, member: Member) => {
    if (action === 'edit') setEditing(member);
    else if (action === 'resend')
      resend.mutate({ emails: [member.email], privilegeId: member.privilege?.id ?? null, departmentId: member.department?.id ?? null });
    else confirmAction(action, member);
  };

  const setTab = (key: string) => setParams(key === 'users' ? {} : { tab: key }, { replace: true });
  const state = members.isLoading ? (
    <LoadingState />
  ) : members.isError ? (
    <ErrorState error={members.error} onRetry={() => void members.refetch()} />
  ) : null;
  const table = (list: Member[], variant: 'users' | 'invitations') => (
    <MembersTable
      members={list}
      myUserId={session.user?.id ?? null}
      privilegeLabel={privilegeLabel}
      busyMemberId={busyMemberId}
      onAction={onAction}
      variant={variant}
    />
  );

  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'users',
            label: t('tabs.users'),
            children:
              state ?? (
                <div className="page-stack">
                  <Segmented<UserFilter>
                    aria-label={t('filter.label')}
                    value={filter}
                    onChange={setFilter}
                    options={(['all', 'activated', 'deactivated'] as const).map((value) => ({ value, label: t(`filter.${value}`) }))}
                  />
                  {users.length === 0 ? <EmptyState description={t('emptyUsers')} /> : table(users, 'users')}
                </div>
              ),
          },
          {
            key: 'invitations',
            label: (
              <span>
                {t('tabs.invitations')} {invitations.length > 0 ? <Badge count={invitations.length} color={tagColors.warning} /> : null}
              </span>
            ),
            children:
              state ?? (
                <div className="page-stack">
                  <Typography.Paragraph type="secondary">{t('invitationsIntro')}</Typography.Paragraph>
                  {planRefused ? <UpgradeTip title={t('invite.upgradeTip')} /> : null}
                  {invitations.length === 0 ? (
                    <EmptyState
                      description={t('emptyInvitations')}
                      action={
                        <Button type="primary" onClick={() => setTab('create')}>
                          {t('tabs.create')}
                        </Button>
                      }
                    />
                  ) : (
                    table(invitations, 'invitations')
                  )}
                </div>
              ),
          },
          {
            key: 'create',
            label: t('tabs.create'),
            children: <InviteMembersForm orgId={orgId} canInvite={canInvite} onInvited={() => setTab('invitations')} />,
          },
        ]}
      />
      <EditMemberDialog orgId={orgId} member={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
