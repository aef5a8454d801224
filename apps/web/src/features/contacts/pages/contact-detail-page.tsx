import { useState } from 'react';
import { Avatar, Button, Card, Tooltip, Typography } from 'antd';
import { PhoneOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.ts';
import { usePermissions } from '../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { RecordActions } from '../../../shared/ui/record-actions.tsx';
import { useAuthorizedImage } from '../../../shared/ui/use-authorized-image.ts';
import { RecordActivity } from '../../notes/index.ts';
import { RecordTags } from '../../tags/index.ts';
import { TransferOwnerButton } from '../../members/index.ts';
import { useContactView, useDeleteContacts, useSaveContact, useTransferContacts } from '../contacts.api.ts';
import { contactToFormValues, toContactBody } from '../components/contact-form.tsx';
import { ContactDrawer } from '../components/contact-drawer.tsx';
import { ContactInfo } from '../components/contact-info.tsx';
import { AddScheduleButton } from '../../schedules/index.ts';

/** /{orgId}/contact/detail/{id}: fields, tags, notes and the timeline; edit, delete → trash. */
export function ContactDetailPage() {
  const { t } = useTranslation('contacts');
  const { orgId = '', id = '' } = useParams();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const { can } = usePermissions(orgId);
  const view = useContactView(orgId, id);
  const remove = useDeleteContacts(orgId, t('notices.deleted'));
  const transfer = useTransferContacts(orgId, t('notices.transferred'));
  // Important flag and last-contact time change in one click, saving the contact as it is otherwise.
  const quickSave = useSaveContact(orgId, t('notices.updated'));
  const [editing, setEditing] = useState(false);
  usePageTitle(view.data?.contact.name ?? t('detailTitle'));
  const avatarSrc = useAuthorizedImage(view.data?.contact.avatarUrl);

  if (view.isLoading) return <LoadingState />;
  if (view.isError || !view.data) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data.contact;
  const askDelete = () =>
    confirmDelete({
      title: t('deleteTitle', { name: data.name }),
      content: t('deleteText'),
      onOk: async () => {
        await remove.mutateAsync([data.id]);
        navigate(`/${orgId}/contact/list`);
      },
    });

  return (
    <div className="detail-layout">
      <Card className="detail-layout__main">
        <div className="detail-header">
          <Avatar size={56} src={avatarSrc} alt="" className="detail-header__avatar">
            {avatarSrc ? null : [...data.name][0]}
          </Avatar>
          <div className="detail-header__text">
            <Typography.Title level={1} className="detail-header__title">
              {data.name}
              {data.isImportant ? (
                <Tooltip title={t('fields.important')}>
                  <StarFilled className="important-star" aria-label={t('fields.important')} />
                </Tooltip>
              ) : null}
            </Typography.Title>
            <Typography.Text type="secondary">{[data.position, data.company?.name].filter(Boolean).join(' · ')}</Typography.Text>
          </div>
          <RecordActions
            editLabel={t('actions.edit')}
            deleteLabel={t('actions.delete')}
            onEdit={can('contact', 'edit') ? () => setEditing(true) : undefined}
            onDelete={can('contact', 'delete') ? askDelete : undefined}
          >
            {can('contact', 'edit') ? (
              <>
                <Button
                  icon={data.isImportant ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
                  aria-pressed={data.isImportant}
                  loading={quickSave.isPending && quickSave.variables?.body.isImportant !== data.isImportant}
                  onClick={() => void quickSave.mutateAsync({ body: { ...toContactBody(contactToFormValues(data), data.id), isImportant: !data.isImportant } })}
                >
                  {t('fields.important')}
                </Button>
                <Button
                  icon={<PhoneOutlined aria-hidden="true" />}
                  onClick={() =>
                    void quickSave.mutateAsync({ body: { ...toContactBody(contactToFormValues(data), data.id), lastContactAt: new Date().toISOString() } })
                  }
                >
                  {t('actions.contactedNow')}
                </Button>
              </>
            ) : null}
            {can('calendar', 'create') ? (
              <AddScheduleButton orgId={orgId} preset={{ client: { id: data.id, name: data.name }, company: data.company ? { id: data.company.id, name: data.company.name } : null }} />
            ) : null}
            {can('contact', 'transfer') ? (
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
          <RecordTags orgId={orgId} kind="customer" recordId={data.id} tags={data.tags} canEdit={can('contact', 'edit')} />
        </section>
        <RecordActivity
          orgId={orgId}
          entityType="contact"
          entityId={data.id}
          canWrite={can('contact', 'edit')}
          fieldLabel={(field) => t(`fields.${field}`, { defaultValue: view.data.fields.find((f) => f.id === field)?.title ?? field })}
          initialNotes={view.data.notes}
          initialTimeline={view.data.timeline}
        />
      </Card>
      <Card className="detail-layout__side" title={<Typography.Title level={2} className="side-title">{t('tabs.info')}</Typography.Title>}>
        <ContactInfo orgId={orgId} contact={data} />
      </Card>
      <ContactDrawer orgId={orgId} open={editing} contactId={data.id} onClose={() => setEditing(false)} />
    </div>
  );
}
