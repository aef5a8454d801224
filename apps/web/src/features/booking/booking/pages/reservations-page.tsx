import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Radio, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reservationStatusFilters, type Reservation, type ReservationStatus, type ReservationStatusFilter } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { CursorPager, useCursorPages } from '../../../../shared/ui/cursor-pager.tsx';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useBookingServices, useFinishReservation, useReservations } from '../booking.api.ts';
import type { ReservationFilter } from '../../query-keys.ts';
import { ReservationDialog } from '../components/reservation-dialog.tsx';

const statusClasses: Record<ReservationStatus, string> = { pending: 'booking-tag booking-tag--blue', completed: 'booking-tag booking-tag--green', cancelled: 'booking-tag' };

/** My reservations (the page at /business/appointments): reservations by status (Incomplete, Completed, Cancelled, All) and service; complete or cancel with confirmation. */
export function ReservationsPage() {
  const { t } = useTranslation('booking');
  usePageTitle(t('appointments.title'));
  const { orgId = '' } = useParams();
  const { modal } = feedback;
  const [filter, setFilter] = useState<ReservationFilter>({ status: 'incomplete', serviceId: null });
  const pages = useCursorPages(filter);
  const list = useReservations(orgId, filter, pages.cursor);
  const services = useBookingServices(orgId);
  const finish = useFinishReservation(orgId, t('notices.updated'));
  // ?reservation={id}: opened from the calendar or the owner's notification mail.
  const [params, setParams] = useSearchParams();
  const openId = params.get('reservation');

  const confirm = (reservation: Reservation, action: 'complete' | 'cancel') =>
    modal.confirm({
      title: t(`appointments.${action}Title`, { number: reservation.number }),
      content: t(`appointments.${action}Text`, { name: reservation.name, when: `${reservation.date} ${reservation.startTime}` }),
      okText: t(`appointments.${action}`),
      okButtonProps: action === 'cancel' ? { danger: true } : undefined,
      cancelText: t('common:actions.back'),
      onOk: () => finish.mutateAsync({ id: reservation.id, action }).then(() => setParams({}, { replace: true })),
    });

  const columns: TableColumnsType<Reservation> = [
    {
      key: 'when',
      title: t('appointments.when'),
      render: (_, r) => (
        <span className="appointment-when">
          <span>{r.date}</span>
          <span className="muted">
            {r.startTime}–{r.endTime}
          </span>
        </span>
      ),
    },
    {
      key: 'customer',
      title: t('appointments.customer'),
      render: (_, r) => (
        <span className="appointment-customer">
          {r.contact ? <Link to={`/${orgId}/contact/detail/${r.contact.id}`}>{r.name || r.contact.name}</Link> : r.name}
          {r.phone ? <span className="muted">{r.phone}</span> : null}
        </span>
      ),
    },
    {
      key: 'services',
      title: t('appointments.services'),
      render: (_, r) => r.services.map((line) => [line.title, ...line.items.map((item) => item.title)].join(' + ')).join('、'),
    },
    { key: 'people', title: t('appointments.people'), dataIndex: 'people', align: 'right', width: 80 },
    { key: 'amount', title: t('appointments.amount'), render: (_, r) => formatMoney(r.estimatedAmount), align: 'right' },
    {
      key: 'status',
      title: t('appointments.status'),
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag className={statusClasses[r.status]}>{t(`statuses.${r.status}`)}</Tag>
          {r.source === 'public' ? <Tag>{t('appointments.fromPublic')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: <span className="sr-only">{t('appointments.actions')}</span>,
      render: (_, r) =>
        r.status === 'pending' ? (
          <Space size={4}>
            <Button size="small" type="primary" onClick={() => confirm(r, 'complete')}>
              {t('appointments.complete')}
              <span className="sr-only"> {r.number}</span>
            </Button>
            <Button size="small" danger onClick={() => confirm(r, 'cancel')}>
              {t('appointments.cancel')}
              <span className="sr-only"> {r.number}</span>
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('appointments.title')}</Typography.Title>}>
      <Space wrap className="settings-toolbar" size={12}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={t('appointments.statusFilter')}
          value={filter.status}
          onChange={(event) => setFilter((current) => ({ ...current, status: event.target.value as ReservationStatusFilter }))}
          options={reservationStatusFilters.map((status) => ({ value: status, label: t(`statusFilters.${status}`) }))}
        />
        <Select
          allowClear
          className="appointments-service-filter"
          aria-label={t('appointments.serviceFilter')}
          placeholder={t('appointments.allServices')}
          value={filter.serviceId ?? undefined}
          onChange={(value?: string) => setFilter((current) => ({ ...current, serviceId: value ?? null }))}
          options={(services.data?.services ?? []).map((service) => ({ value: service.id, label: service.title }))}
        />
      </Space>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table<Reservation>
            rowKey="id"
            size="middle"
            loading={list.isLoading}
            columns={columns}
            dataSource={list.data?.items ?? []}
            pagination={false}
            scroll={{ x: 760 }}
            locale={{ emptyText: t(`appointments.empty.${filter.status}`) }}
            onRow={() => ({ 'data-testid': 'appointment-row' }) as HTMLAttributes<HTMLElement>}
          />
          <CursorPager pageIndex={pages.pageIndex} nextCursor={list.isPlaceholderData ? null : list.data?.nextCursor} onPrevious={pages.previous} onNext={pages.next} />
        </>
      )}
      <ReservationDialog orgId={orgId} id={openId} onClose={() => setParams({}, { replace: true })} onFinish={confirm} />
    </Card>
  );
}
