import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PrivilegeSummary } from '@lodestar/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { DeletePrivilegeDialog } from '../components/delete-privilege-dialog.tsx';
import { PrivilegeNameDialog } from '../components/privilege-name-dialog.tsx';
import { privilegeLabel } from '../components/privilege-select.tsx';
import { usePrivileges } from '../privileges.api.ts';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';

type NameDialog = { open: false } | { open: true; renaming: PrivilegeSummary | null };

/** /{orgId}/settings/privilege: the workspace's privileges; create (copying one), rename, delete, open. */
export function PrivilegesPage() {
  const { t } = useTranslation('privileges');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const privileges = usePrivileges(orgId);
  const [nameDialog, setNameDialog] = useState<NameDialog>({ open: false });
  const [deleting, setDeleting] = useState<PrivilegeSummary | null>(null);
  const label = (privilege: PrivilegeSummary) => privilegeLabel(t, privilege);

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
      {privileges.isLoading ? <LoadingState /> : null}
      {privileges.isError ? <ErrorState error={privileges.error} onRetry={() => void privileges.refetch()} /> : null}
      {privileges.isSuccess && privileges.data.length === 0 ? <EmptyState description={t('empty')} /> : null}
      {privileges.data && privileges.data.length > 0 ? (
        <Table<PrivilegeSummary>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={privileges.data}
          columns={[
            {
              key: 'name',
              title: t('fields.name'),
              render: (_, privilege) => (
                <Space size={8} wrap>
                  <Link to={`/${orgId}/settings/privilege/${privilege.id}`}>{label(privilege)}</Link>
                  {privilege.isAdministrator ? <Tag color={tagColors.highlight}>{t('tags.administrator')}</Tag> : null}
                  {privilege.isDefault ? <Tag color={tagColors.info}>{t('tags.default')}</Tag> : null}
                </Space>
              ),
            },
            { key: 'users', title: t('fields.users'), align: 'right', render: (_, privilege) => privilege.userCount },
            {
              key: 'actions',
              title: <span className="sr-only">{t('fields.actions')}</span>,
              align: 'right',
              render: (_, privilege) => (
                <Space size={4}>
                  <Button size="small" onClick={() => navigate(`/${orgId}/settings/privilege/${privilege.id}`)} aria-label={t('openOf', { name: label(privilege) })}>
                    {t('open')}
                  </Button>
                  <Tooltip title={t('rename')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<EditOutlined aria-hidden="true" />}
                      aria-label={t('renameOf', { name: label(privilege) })}
                      onClick={() => setNameDialog({ open: true, renaming: privilege })}
                    />
                  </Tooltip>
                  {privilege.isAdministrator || privilege.isDefault ? null : (
                    <Tooltip title={t('common:actions.delete')}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden="true" />}
                        aria-label={t('deleteOf', { name: label(privilege) })}
                        onClick={() => setDeleting(privilege)}
                      />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
      ) : null}
      <PrivilegeNameDialog
        orgId={orgId}
        open={nameDialog.open}
        renaming={nameDialog.open ? nameDialog.renaming : null}
        onClose={() => setNameDialog({ open: false })}
        onCreated={(id) => navigate(`/${orgId}/settings/privilege/${id}`)}
      />
      <DeletePrivilegeDialog orgId={orgId} privilege={deleting} label={deleting ? label(deleting) : ''} onClose={() => setDeleting(null)} />
    </Card>
  );
}
