import { useState } from 'react';
import { Button, Card, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@lodestar/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useRoleLabel } from '../components/role-label.ts';
import { RoleNameDialog } from '../components/role-name-dialog.tsx';
import { useDeleteRole, useRoles } from '../roles.api.ts';

type NameDialog = { open: false } | { open: true; renaming: Role | null };

/** Who holds a role: the first names, then how many more. */
function Holders({ role }: { role: Role }) {
  const { t } = useTranslation('roles');
  if (role.holders.length === 0) return <Typography.Text type="secondary">{t('noHolders')}</Typography.Text>;
  const shown = role.holders.slice(0, 6);
  return (
    <Space size={[4, 4]} wrap>
      {shown.map((holder) => (
        <Tag key={holder.memberId} title={holder.email}>
          {holder.name}
        </Tag>
      ))}
      {role.holders.length > shown.length ? <Typography.Text type="secondary">{t('moreHolders', { count: role.holders.length - shown.length })}</Typography.Text> : null}
    </Space>
  );
}

/** /{orgId}/settings/roles: built-in and custom roles with their holders; create, rename, delete unused ones. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const roles = useRoles(orgId);
  const remove = useDeleteRole(orgId, t('notices.deleted'));
  const label = useRoleLabel();
  const [nameDialog, setNameDialog] = useState<NameDialog>({ open: false });

  const confirmDelete = (role: Role) =>
    Modal.confirm({
      title: t('deleteTitle', { name: role.name }),
      content: t('deleteText'),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => remove.mutateAsync(role.id),
    });

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setNameDialog({ open: true, renaming: null })}>
          {t('createButton')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {roles.isLoading ? <LoadingState /> : null}
      {roles.isError ? <ErrorState error={roles.error} onRetry={() => void roles.refetch()} /> : null}
      {roles.isSuccess && roles.data.length === 0 ? <EmptyState description={t('empty')} /> : null}
      {roles.data && roles.data.length > 0 ? (
        <Table<Role>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={roles.data}
          scroll={{ x: 640 }}
          columns={[
            {
              key: 'name',
              title: t('fields.name'),
              width: 220,
              render: (_, role) => (
                <Space size={8} wrap>
                  <span data-testid="role-name">{label(role)}</span>
                  {role.builtIn ? <Tag color={tagColors.info}>{t('builtInTag')}</Tag> : null}
                </Space>
              ),
            },
            { key: 'holders', title: t('fields.holders'), render: (_, role) => <Holders role={role} /> },
            {
              key: 'actions',
              title: <span className="sr-only">{t('fields.actions')}</span>,
              align: 'right',
              width: 110,
              render: (_, role) =>
                role.builtIn ? null : (
                  <Space size={4}>
                    <Tooltip title={t('rename')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<EditOutlined aria-hidden="true" />}
                        aria-label={t('renameOf', { name: role.name })}
                        onClick={() => setNameDialog({ open: true, renaming: role })}
                      />
                    </Tooltip>
                    <Tooltip title={role.holders.length > 0 ? t('inUse') : t('common:actions.delete')}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        disabled={role.holders.length > 0}
                        icon={<DeleteOutlined aria-hidden="true" />}
                        aria-label={t('deleteOf', { name: role.name })}
                        onClick={() => confirmDelete(role)}
                      />
                    </Tooltip>
                  </Space>
                ),
            },
          ]}
        />
      ) : null}
      <RoleNameDialog
        orgId={orgId}
        open={nameDialog.open}
        renaming={nameDialog.open ? nameDialog.renaming : null}
        onClose={() => setNameDialog({ open: false })}
      />
    </Card>
  );
}
