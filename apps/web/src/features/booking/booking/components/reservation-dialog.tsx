import { Button, Descriptions, Modal, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useReservation } from '../booking.api.ts';

/** One reservation, opened from the calendar (or the owner's notification mail): its details, complete and cancel. */
export function ReservationDialog({
  orgId,
  id,
  onClose,
  onFinish,
}: {
  orgId: string;
  id: string | null;
  onClose: () => void;
  onFinish: (reservation: Reservation, action: 'complete' | 'cancel') => void;
}) {
  const { t } = useTranslation('booking');
  const reservation = useReservation(orgId, id);
  const r = reservation.data;
  return (
    <Modal
      open={id !== null}
      title={r ? t('appointments.detailTitle', { number: String(r.number).padStart(6, '0') }) : t('appointments.title')}
      onCancel={onClose}
      footer={
        r?.status === 'pending' ? (
          <Space>
            <Button danger onClick={() => onFinish(r, 'cancel')}>
              {t('appointments.cancel')}
            </Button>
            <Button type="primary" onClick={() => onFinish(r, 'complete')}>
              {t('appointments.complete')}
            </Button>
          </Space>
        ) : null
      }
      destroyOnHidden
    >
      {reservation.isLoading ? <LoadingState /> : null}
      {reservation.isError ? <ErrorState error={reservation.error} onRetry={() => void reservation.refetch()} /> : null}
      {r ? (
        <Descriptions column={1} size="small" data-testid="reservation-detail">
          <Descriptions.Item label={t('appointments.when')}>
            {r.date} {r.startTime}–{r.endTime}
          </Descriptions.Item>
          <Descriptions.Item label={t('appointments.customer')}>
            {r.contact ? <Link to={`/${orgId}/contact/detail/${r.contact.id}`}>{r.name || r.contact.name}</Link> : r.name}
            {r.phone ? ` · ${r.phone}` : ''}
            {r.email ? ` · ${r.email}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('appointments.services')}>
            {r.services.map((line) => [line.title, ...line.items.map((item) => item.title)].join(' + ')).join('、')}
          </Descriptions.Item>
          <Descriptions.Item label={t('appointments.people')}>{r.people}</Descriptions.Item>
          <Descriptions.Item label={t('appointments.amount')}>{formatMoney(r.estimatedAmount)}</Descriptions.Item>
          <Descriptions.Item label={t('appointments.status')}>
            <Tag>{t(`statuses.${r.status}`)}</Tag>
            {r.source === 'public' ? <Tag>{t('appointments.fromPublic')}</Tag> : null}
          </Descriptions.Item>
          {r.note ? <Descriptions.Item label={t('appointments.note')}>{r.note}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
    </Modal>
  );
}
