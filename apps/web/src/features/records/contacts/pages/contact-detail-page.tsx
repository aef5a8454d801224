import { useState } from 'react';
import { Alert, Avatar, Button, Card, Tooltip, Typography } from 'antd';
import { PhoneOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { useExtensionPoints } from '../../../../shared/extension-points.tsx';
import { RecordDetail, recordEntities } from '../../records/index.ts';
import { useContactView, useDeleteContacts, useSaveContact, useTransferContacts } from '../contacts.api.ts';
import { contactToFormValues, toContactBody } from '../components/contact-form.tsx';
import { ContactDrawer } from '../components/contact-drawer.tsx';
import { ContactInfo } from '../components/contact-info.tsx';
import { PersonalDataButton } from '../components/personal-data-button.tsx';

/** /{orgId}/contact/detail/{id}: fields, tags, notes and the timeline; edit, delete → trash. */
export function ContactDetailPage() {
  const { t } = useTranslation('contacts');
  const { orgId = '', id = '' } = useParams();
  const view = useContactView(orgId, id);
  const remove = useDeleteContacts(orgId, t('notices.deleted'));
  const transfer = useTransferContacts(orgId, t('notices.transferred'));
  const quickSave = useSaveContact(orgId, t('notices.updated'));
  const [editing, setEditing] = useState(false);
  const { can } = usePermissions(orgId);
  usePageTitle(view.data?.contact.name ?? t('detailTitle'));
  const avatarSrc = useAuthorizedImage(view.data?.contact.avatarUrl);
  const { ContactPdpa } = useExtensionPoints();

  if (view.isLoading) return <LoadingState />;
  if (view.isError || !view.data) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data.contact;
  // Important flag and last-contact time save the contact as it is otherwise.
  const saveWith = (change: { isImportant?: boolean; lastContactAt?: string }) =>
    void quickSave.mutateAsync({ body: { ...toContactBody(contactToFormValues(data), data.id), ...change } });

  return (
    <RecordDetail
      orgId={orgId}
      entity={recordEntities.contact}
      record={data}
      avatar={
        <Avatar size={56} src={avatarSrc} alt="" className="detail-header__avatar">
          {avatarSrc ? null : [...data.name][0]}
        </Avatar>
      }
      titleExtra={
        data.isImportant ? (
          <Tooltip title={t('fields.important')}>
            <StarFilled className="important-star" aria-label={t('fields.important')} />
          </Tooltip>
        ) : null
      }
      subtitle={[data.position, data.company?.name].filter(Boolean).join(' · ')}
      editActions={
        <>
          <Button
            icon={data.isImportant ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
            aria-pressed={data.isImportant}
            loading={quickSave.isPending && quickSave.variables?.body.isImportant !== data.isImportant}
            onClick={() => saveWith({ isImportant: !data.isImportant })}
          >
            {t('fields.important')}
          </Button>
          <Button icon={<PhoneOutlined aria-hidden="true" />} onClick={() => saveWith({ lastContactAt: new Date().toISOString() })}>
            {t('actions.contactedNow')}
          </Button>
          <PersonalDataButton orgId={orgId} contactId={data.id} />
        </>
      }
      schedulePreset={{ client: { id: data.id, name: data.name }, company: data.company ? { id: data.company.id, name: data.company.name } : null }}
      activity={view.data}
      onEdit={() => setEditing(true)}
      remove={remove.mutateAsync}
      transfer={transfer.mutateAsync}
      side={
        <div className="detail-layout__side page-stack">
          <Card title={<Typography.Title level={2} className="side-title">{t('tabs.info')}</Typography.Title>}>
            {data.restricted ? <Alert type="warning" showIcon className="contact-restricted" message={t('consent.restricted')} /> : null}
            <ContactInfo orgId={orgId} contact={data} fields={view.data.fields} canEdit={can('contact', 'edit')} />
          </Card>
          {ContactPdpa ? <ContactPdpa orgId={orgId} contactId={data.id} /> : null}
        </div>
      }
      drawer={<ContactDrawer orgId={orgId} open={editing} contactId={data.id} onClose={() => setEditing(false)} />}
    />
  );
}
