import { useState } from 'react';
import { Button, Card, List, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.ts';
import type { CompanyView } from '@lodestar/contract';
import { usePermissions } from '../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { RecordActions } from '../../../shared/ui/record-actions.tsx';
import { ContactPicker } from '../../contacts/index.ts';
import { RecordActivity } from '../../notes/index.ts';
import { RecordTags } from '../../tags/index.ts';
import { TransferOwnerButton } from '../../members/index.ts';
import { useAssociateContacts, useCompanyView, useDeleteCompanies, useTransferCompanies } from '../companies.api.ts';
import { CompanyDrawer } from '../components/company-drawer.tsx';
import { CompanyInfo } from '../components/company-info.tsx';
import { AddScheduleButton } from '../../schedules/index.ts';

function LinkedContacts({ orgId, companyId, contacts, canLink }: { orgId: string; companyId: string; contacts: CompanyView['contacts']; canLink: boolean }) {
  const { t } = useTranslation('companies');
  const associate = useAssociateContacts(orgId, t('notices.linked'));
  const [picking, setPicking] = useState(false);
  return (
    <Card
      size="small"
      title={<Typography.Title level={2} className="side-title">{t('linkedContacts')}</Typography.Title>}
      extra={
        canLink ? (
          <Button size="small" icon={<LinkOutlined aria-hidden="true" />} onClick={() => setPicking(true)}>
            {t('actions.linkContacts')}
          </Button>
        ) : null
      }
    >
      <List
        size="small"
        dataSource={contacts}
        locale={{ emptyText: t('noLinkedContacts') }}
        renderItem={(row) => (
          <List.Item>
            <Link to={`/${orgId}/contact/detail/${row.id}`}>{row.name}</Link>
            <span className="muted">{row.position ?? ''}</span>
          </List.Item>
        )}
      />
      <ContactPicker
        orgId={orgId}
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(contact) => void associate.mutateAsync({ companyId, contactIds: [contact.id] })}
      />
    </Card>
  );
}

/** /{orgId}/company/detail/{id}: fields, tags, linked contacts, notes and the timeline; edit, delete → trash. */
export function CompanyDetailPage() {
  const { t } = useTranslation('companies');
  const { orgId = '', id = '' } = useParams();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const { can } = usePermissions(orgId);
  const view = useCompanyView(orgId, id);
  const remove = useDeleteCompanies(orgId, t('notices.deleted'));
  const transfer = useTransferCompanies(orgId, t('notices.transferred'));
  const [editing, setEditing] = useState(false);
  usePageTitle(view.data?.company.name ?? t('detailTitle'));

  if (view.isLoading) return <LoadingState />;
  if (view.isError || !view.data) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data.company;
  return (
    <div className="detail-layout">
      <Card className="detail-layout__main">
        <div className="detail-header">
          <div className="detail-header__text">
            <Typography.Title level={1} className="detail-header__title">
              {data.name}
            </Typography.Title>
            <Typography.Text type="secondary">{[data.tax, data.address].filter(Boolean).join(' · ')}</Typography.Text>
          </div>
          <RecordActions
            editLabel={t('actions.edit')}
            deleteLabel={t('actions.delete')}
            onEdit={can('company', 'edit') ? () => setEditing(true) : undefined}
            onDelete={
              can('company', 'delete')
                ? () =>
                    confirmDelete({
                        title: t('deleteTitle', { name: data.name }),
                        content: t('deleteText'),
                        onOk: async () => {
                          await remove.mutateAsync([data.id]);
                          navigate(`/${orgId}/company/list`);
                        },
                      })
                : undefined
            }
          >
            {can('calendar', 'create') ? <AddScheduleButton orgId={orgId} preset={{ company: { id: data.id, name: data.name } }} /> : null}
            {can('company', 'transfer') ? (
              <TransferOwnerButton
                orgId={orgId}
                count={1}
                currentOwnerId={data.owner?.userId}
                onTransfer={(ownerUserId) => transfer.mutateAsync({ ids: [data.id], ownerUserId })}
              />
            ) : null}
          </RecordActions>
        </div>
        <section aria-label={t('fields.tags')} className="detail-tags">
          <RecordTags orgId={orgId} kind="company" recordId={data.id} tags={data.tags} canEdit={can('company', 'edit')} />
        </section>
        <RecordActivity
          orgId={orgId}
          entityType="company"
          entityId={data.id}
          canWrite={can('company', 'edit')}
          fieldLabel={(field) => t(`fields.${field}`, { defaultValue: view.data.fields.find((f) => f.id === field)?.title ?? field })}
          initialNotes={view.data.notes}
          initialTimeline={view.data.timeline}
        />
      </Card>
      <div className="detail-layout__side page-stack">
        <Card title={<Typography.Title level={2} className="side-title">{t('details')}</Typography.Title>}>
          <CompanyInfo orgId={orgId} company={data} />
        </Card>
        <LinkedContacts orgId={orgId} companyId={data.id} contacts={view.data.contacts} canLink={can('contact', 'edit')} />
      </div>
      <CompanyDrawer orgId={orgId} open={editing} companyId={data.id} onClose={() => setEditing(false)} />
    </div>
  );
}
