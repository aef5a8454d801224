import { useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdditionalGroup, AdditionalItem, BookingService } from '@lodestar/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import {
  useAdditionalGroups,
  useBookingServices,
  useDeleteGroup,
  useDeleteItem,
  useDeleteService,
  useSortGroups,
  useSortItems,
  useSortServices,
} from '../booking.api.ts';
import { CategoryDialog } from '../components/category-dialog.tsx';
import { GroupDrawer } from '../components/group-drawer.tsx';
import { ItemDrawer } from '../components/item-drawer.tsx';
import { PriceAndDuration } from '../components/price-text.tsx';
import { ServiceDrawer } from '../components/service-drawer.tsx';
import { RowActions } from '../components/row-actions.tsx';
import { SortableListWithSave } from '../components/sortable-list.tsx';

function GroupItems({ orgId, group, onEdit, onDelete }: { orgId: string; group: AdditionalGroup; onEdit: (item: AdditionalItem) => void; onDelete: (item: AdditionalItem) => void }) {
  const { t } = useTranslation('booking');
  const sort = useSortItems(orgId, t('notices.sorted'));
  if (group.items.length === 0) return <Typography.Text type="secondary">{t('item.empty')}</Typography.Text>;
  return (
    <SortableListWithSave
      items={group.items}
      label={t('item.order', { group: group.title })}
      handleLabel={(item) => t('actions.dragOne', { name: item.title })}
      fixedLabel={t('item.fixedLabel')}
      saving={sort.isPending}
      saveLabel={t('actions.saveOrder')}
      undoLabel={t('actions.undoOrder')}
      onSave={(ids) => sort.mutateAsync({ groupId: group.id, ids })}
      renderItem={(item) => (
        <div className="booking-row" data-testid="booking-item-row">
          <div className="booking-row__main">
            <span className="booking-row__title">{item.title}</span>
            <PriceAndDuration record={item} />
          </div>
          <Space size={4} wrap>
            {item.fixed ? <Tag>{t('item.fixed')}</Tag> : null}
            {item.isOpen ? null : <Tag>{t('status.closed')}</Tag>}
          </Space>
          <RowActions name={item.title} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
        </div>
      )}
    />
  );
}

/** business/service: categories, services (drag-sorted), additional groups and their items (drag-sorted; fixed items stay). */
export function BusinessServicePage() {
  const { t } = useTranslation('booking');
  usePageTitle(t('service.title'));
  const { orgId = '' } = useParams();
  const services = useBookingServices(orgId);
  const groups = useAdditionalGroups(orgId);
  const sortServices = useSortServices(orgId, t('notices.sorted'));
  const sortGroups = useSortGroups(orgId, t('notices.sorted'));
  const deleteService = useDeleteService(orgId, t('notices.deleted'));
  const deleteGroup = useDeleteGroup(orgId, t('notices.deleted'));
  const deleteItem = useDeleteItem(orgId, t('notices.deleted'));
  const confirmDelete = useConfirmDelete();
  const [serviceDrawer, setServiceDrawer] = useState<{ service: BookingService | null } | null>(null);
  const [groupDrawer, setGroupDrawer] = useState<{ group: AdditionalGroup | null } | null>(null);
  const [itemDrawer, setItemDrawer] = useState<{ group: AdditionalGroup; item: AdditionalItem | null } | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);

  if (services.isLoading || groups.isLoading) return <LoadingState />;
  if (services.isError) return <ErrorState error={services.error} onRetry={() => void services.refetch()} />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
  const categories = services.data?.categories ?? [];
  const serviceList = services.data?.services ?? [];
  const groupList = groups.data ?? [];
  const categoryTitle = (id: string | null) => categories.find((category) => category.id === id)?.title;

  return (
    <Space direction="vertical" size={16} className="full-width">
      <Card
        title={<Typography.Title level={1} className="card-title">{t('service.title')}</Typography.Title>}
        extra={
          <Space wrap>
            <Button icon={<TagsOutlined aria-hidden="true" />} onClick={() => setCategoriesOpen(true)}>
              {t('category.manage')}
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setServiceDrawer({ service: null })}>
              {t('service.create')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('service.hint')}</Typography.Paragraph>
        {serviceList.length === 0 ? (
          <EmptyState description={t('service.empty')} />
        ) : (
          <SortableListWithSave
            items={serviceList}
            label={t('service.order')}
            handleLabel={(service) => t('actions.dragOne', { name: service.title })}
            fixedLabel={t('item.fixedLabel')}
            saving={sortServices.isPending}
            saveLabel={t('actions.saveOrder')}
            undoLabel={t('actions.undoOrder')}
            onSave={(ids) => sortServices.mutateAsync(ids)}
            renderItem={(service) => (
              <div className="booking-row" data-testid="booking-service-row">
                <div className="booking-row__main">
                  <span className="booking-row__title">{service.title}</span>
                  <PriceAndDuration record={service} />
                </div>
                <Space size={4} wrap>
                  {categoryTitle(service.categoryId) ? <Tag className="booking-tag booking-tag--blue">{categoryTitle(service.categoryId)}</Tag> : null}
                  {service.additionalGroups.map((id) => {
                    const group = groupList.find((g) => g.id === id);
                    return group ? <Tag key={id}>{group.title}</Tag> : null;
                  })}
                  <Tag className={service.isOpen ? 'booking-tag booking-tag--green' : 'booking-tag'}>{service.isOpen ? t('status.open') : t('status.closed')}</Tag>
                </Space>
                <RowActions
                  name={service.title}
                  onEdit={() => setServiceDrawer({ service })}
                  onDelete={() => confirmDelete({ title: t('service.deleteTitle', { name: service.title }), content: t('service.deleteText'), onOk: () => deleteService.mutateAsync(service.id) })}
                />
              </div>
            )}
          />
        )}
      </Card>

      <Card
        title={<Typography.Title level={2} className="card-title">{t('group.title')}</Typography.Title>}
        extra={
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setGroupDrawer({ group: null })}>
            {t('group.create')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('group.hint')}</Typography.Paragraph>
        {groupList.length === 0 ? (
          <EmptyState description={t('group.empty')} />
        ) : (
          <SortableListWithSave
            items={groupList}
            label={t('group.order')}
            handleLabel={(group) => t('actions.dragOne', { name: group.title })}
            fixedLabel={t('item.fixedLabel')}
            saving={sortGroups.isPending}
            saveLabel={t('actions.saveOrder')}
            undoLabel={t('actions.undoOrder')}
            onSave={(ids) => sortGroups.mutateAsync(ids)}
            renderItem={(group) => (
              <div className="booking-group" data-testid="booking-group-row">
                <div className="booking-row">
                  <div className="booking-row__main">
                    <span className="booking-row__title">{group.title}</span>
                    <span className="booking-meta">{group.services.length > 0 ? t('group.offeredWith', { services: group.services.map((s) => s.title).join('、') }) : t('group.notAttached')}</span>
                  </div>
                  <Space size={4} wrap>
                    <Tag>{t(`selectionTypes.${group.selectionType}`)}</Tag>
                    {group.isRequired ? <Tag className="booking-tag booking-tag--red">{t('group.required')}</Tag> : null}
                    {group.isOpen ? null : <Tag>{t('status.closed')}</Tag>}
                  </Space>
                  <RowActions
                    name={group.title}
                    onEdit={() => setGroupDrawer({ group })}
                    onDelete={() => confirmDelete({ title: t('group.deleteTitle', { name: group.title }), content: t('group.deleteText'), onOk: () => deleteGroup.mutateAsync(group.id) })}
                  >
                    <Button type="link" size="small" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setItemDrawer({ group, item: null })}>
                      {t('item.add')}
                      <span className="sr-only"> {group.title}</span>
                    </Button>
                  </RowActions>
                </div>
                <div className="booking-group__items">
                  <GroupItems
                    orgId={orgId}
                    group={group}
                    onEdit={(item) => setItemDrawer({ group, item })}
                    onDelete={(item) => confirmDelete({ title: t('item.deleteTitle', { name: item.title }), onOk: () => deleteItem.mutateAsync(item.id) })}
                  />
                </div>
              </div>
            )}
          />
        )}
      </Card>

      <ServiceDrawer orgId={orgId} open={serviceDrawer !== null} service={serviceDrawer?.service ?? null} categories={categories} groups={groupList} onClose={() => setServiceDrawer(null)} />
      <GroupDrawer orgId={orgId} open={groupDrawer !== null} group={groupDrawer?.group ?? null} services={serviceList} onClose={() => setGroupDrawer(null)} />
      <ItemDrawer
        orgId={orgId}
        open={itemDrawer !== null}
        groupId={itemDrawer?.group.id ?? ''}
        groupTitle={itemDrawer?.group.title ?? ''}
        item={itemDrawer?.item ?? null}
        onClose={() => setItemDrawer(null)}
      />
      <CategoryDialog orgId={orgId} open={categoriesOpen} categories={categories} onClose={() => setCategoriesOpen(false)} />
    </Space>
  );
}
