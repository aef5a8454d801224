import { useState } from 'react';
import { Button, Card, List, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyView } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { ContactPicker } from '../../records/index.ts';
import { RecordDetail, recordEntities } from '../../records/index.ts';
import { useAssociateContacts, useCompanyView, useDeleteCompanies, useTransferCompanies } from '../companies.api.ts';
import { CompanyDrawer } from '../components/company-drawer.tsx';
import { CompanyInfo } from '../components/company-info.tsx';
import { CompanyRegistryFlag } from '../components/company-registry-card.tsx';

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
    <RecordDetail
      orgId={orgId}
      entity={recordEntities.company}
      record={data}
      subtitle={[data.tax, data.address].filter(Boolean).join(' · ')}
      notice={<CompanyRegistryFlag orgId={orgId} taxId={data.tax} />}
      schedulePreset={{ company: { id: data.id, name: data.name } }}
      activity={view.data}
      onEdit={() => setEditing(true)}
      remove={remove.mutateAsync}
      transfer={transfer.mutateAsync}
      side={
        <div className="detail-layout__side page-stack">
          <Card title={<Typography.Title level={2} className="side-title">{t('details')}</Typography.Title>}>
            <CompanyInfo orgId={orgId} company={data} fields={view.data.fields} canEdit={can('company', 'edit')} />
          </Card>
          <LinkedContacts orgId={orgId} companyId={data.id} contacts={view.data.contacts} canLink={can('contact', 'edit')} />
        </div>
      }
      drawer={<CompanyDrawer orgId={orgId} open={editing} companyId={data.id} onClose={() => setEditing(false)} />}
    />
  );
}
