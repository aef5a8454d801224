import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BookingService } from '@lodestar/contract';
import { EmptyState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { useAdditionalGroups, useBookingServices, useDeleteService, useSortServices } from '../booking.api.ts';
import { PriceAndDuration } from './price-text.tsx';
import { RowActions } from './row-actions.tsx';
import { ServiceDrawer } from './service-drawer.tsx';
import { SortableList } from './sortable-list.tsx';

/** Manage service items: drag-sort, edit, delete; Save persists the order (the whole ordered list). */
export function ManageServicesDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const services = useBookingServices(orgId);
  const groups = useAdditionalGroups(orgId);
  const sort = useSortServices(orgId, t('notices.sorted'));
  const remove = useDeleteService(orgId, t('notices.deleted'));
  const confirmDelete = useConfirmDelete();
  const [order, setOrder] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<BookingService | null>(null);
  const list = services.data?.services ?? [];
  const close = () => {
    setOrder(null);
    onClose();
  };
  return (
    <Modal
      title={t('reservation.manageServices')}
      open={open}
      onCancel={close}
      onOk={() => (order ? void sort.mutateAsync(order).then(close, () => undefined) : close())}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={sort.isPending}
      destroyOnHidden
    >
      {services.isLoading ? <LoadingState /> : null}
      {services.isSuccess && list.length === 0 ? <EmptyState description={t('service.empty')} /> : null}
      {list.length > 0 ? (
        <SortableList
          items={list}
          label={t('service.order')}
          handleLabel={(service) => t('actions.dragOne', { name: service.title })}
          fixedLabel={t('item.fixedLabel')}
          onSort={setOrder}
          renderItem={(service) => (
            <div className="booking-row">
              <div className="booking-row__main">
                <span className="booking-row__title">{service.title}</span>
                <PriceAndDuration record={service} />
              </div>
              <RowActions
                name={service.title}
                onEdit={() => setEditing(service)}
                onDelete={() => confirmDelete({ title: t('service.deleteTitle', { name: service.title }), content: t('service.deleteText'), onOk: () => remove.mutateAsync(service.id) })}
              />
            </div>
          )}
        />
      ) : null}
      <ServiceDrawer orgId={orgId} open={editing !== null} service={editing} categories={services.data?.categories ?? []} groups={groups.data ?? []} onClose={() => setEditing(null)} />
    </Modal>
  );
}
