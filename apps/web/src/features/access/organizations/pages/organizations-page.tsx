import { useState } from 'react';
import { Button, Card, Dropdown, List, Space, Tag, Typography } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { CheckCircleFilled, EllipsisOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@lodestar/contract';
import { useProfile } from '../../../../shared/profile.api.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { getSession } from '../../../../shared/session.ts';
import { useDeleteOrganization, useOrganizations, useSwitchOrganization } from '../organizations.api.ts';
import { CreateWorkspaceDialog } from '../components/create-workspace-dialog.tsx';
import { goToWorkspaceHome } from '../workspace-home.ts';
import { RenameWorkspaceDialog } from '../components/rename-workspace-dialog.tsx';
import { WorkspaceDetailsDialog } from '../components/workspace-details-dialog.tsx';

/** /account/organizations: list, switch, rename, edit details, create, delete (top administrator). */
export function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  usePageTitle(t('listTitle'));
  const { modal } = feedback;
  const organizations = useOrganizations();
  const profile = useProfile();
  const switchOrganization = useSwitchOrganization();
  const deleteOrganization = useDeleteOrganization(t('notices.deleted'));
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Organization | null>(null);
  const [editing, setEditing] = useState<Organization | null>(null);
  const currentOrgId = profile.data?.orgId ?? getSession().profile?.orgId ?? null;

  const confirmDelete = (organization: Organization) => {
    modal.confirm({
      title: t('deleteTitle', { name: organization.name }),
      content: t('deleteText'),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => deleteOrganization.mutateAsync(organization.orgId),
    });
  };

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('listTitle')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('createButton')}
        </Button>
      }
    >
      {organizations.isLoading ? <LoadingState /> : null}
      {organizations.isError ? <ErrorState error={organizations.error} onRetry={() => void organizations.refetch()} /> : null}
      {organizations.data && organizations.data.length === 0 ? (
        <EmptyState
          description={t('empty')}
          action={
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('createButton')}
            </Button>
          }
        />
      ) : null}
      {organizations.data && organizations.data.length > 0 ? (
        <List
          itemLayout="horizontal"
          dataSource={organizations.data}
          rowKey="orgId"
          renderItem={(organization) => {
            const isCurrent = organization.orgId === currentOrgId;
            const canManage = organization.isTopAdministrator || organization.isSystemAdministrator;
            const menuItems = [
              ...(canManage ? [{ key: 'rename', label: t('rename') }, { key: 'details', label: t('editDetails') }] : []),
              ...(organization.isTopAdministrator ? [{ type: 'divider' as const }, { key: 'delete', label: t('delete'), danger: true }] : []),
            ];
            return (
              <List.Item
                data-testid="workspace-row"
                actions={[
                  isCurrent ? (
                    <Tag key="current" color="#237804" icon={<CheckCircleFilled aria-hidden="true" />}>
                      {t('current')}
                    </Tag>
                  ) : (
                    <Button
                      key="switch"
                      icon={<SwapOutlined aria-hidden="true" />}
                      loading={switchOrganization.isPending && switchOrganization.variables?.orgId === organization.orgId}
                      onClick={() => switchOrganization.mutate(organization, { onSuccess: () => goToWorkspaceHome(organization.orgId) })}
                    >
                      {t('switch')}
                    </Button>
                  ),
                  menuItems.length === 0 ? null : (
                  <Dropdown
                    key="more"
                    trigger={['click']}
                    menu={{
                      items: menuItems,
                      onClick: ({ key }) => {
                        if (key === 'rename') setRenaming(organization);
                        if (key === 'details') setEditing(organization);
                        if (key === 'delete') confirmDelete(organization);
                      },
                    }}
                  >
                    <Button icon={<EllipsisOutlined aria-hidden="true" />} aria-label={t('moreActions', { name: organization.name })} />
                  </Dropdown>
                  ),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap size={8}>
                      <Typography.Text strong>{organization.name}</Typography.Text>
                      <Tag>{t(`common:plans.${organization.plan}`)}</Tag>
                      {organization.frozen ? <Tag color="red">{t('frozen')}</Tag> : null}
                    </Space>
                  }
                  description={
                    <Space wrap size={[16, 4]} className="workspace-meta">
                      <span>
                        {t('industryLabel')}:{' '}
                        {organization.industry === 'other' && organization.otherIndustry
                          ? organization.otherIndustry
                          : organization.industry
                            ? t(`common:industries.${organization.industry}`)
                            : t('notSet')}
                      </span>
                      <span>{t('memberCount', { count: organization.memberCount })}</span>
                      <span>
                        {t('administratorLabel')}: {organization.administrator}
                      </span>
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      ) : null}
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
      <RenameWorkspaceDialog
        open={Boolean(renaming)}
        orgId={renaming?.orgId ?? ''}
        currentName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
      />
      <WorkspaceDetailsDialog organization={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
