import '../booking.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { CalendarOutlined, ProfileOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { missingRequiredGroups, pruneSelection, selectionMinutes, toReservationServices, type Selection } from '../../../../shared/booking/selection.ts';
import { formatDuration } from '../../../../shared/booking/format.ts';
import { ApiError } from '../../../../shared/api-client.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import type { PickedRecord } from '../../../../shared/ui/picker-field.tsx';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { emailPattern } from '../../../../shared/ui/validation.ts';
import { ContactPickerField } from '../../../records/contacts/index.ts';
import { useBookingOffer, useCreateReservation } from '../booking.api.ts';
import { ManageServicesDialog } from './manage-services-dialog.tsx';
import { useBookingWords } from './price-text.tsx';
import { SelectServiceDialog } from './select-service-dialog.tsx';
import { SelectedItemsDrawer } from './selected-items-drawer.tsx';
import { ServiceTimeDialog, type ServiceTime } from './service-time-dialog.tsx';

interface ReservationValues {
  people: number;
  client: PickedRecord | null;
  name?: string;
  phone?: string;
  email?: string;
  note?: string;
}

function newRequestKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function thisMonth(timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date());
  return { year: Number(parts.find((p) => p.type === 'year')?.value), month: Number(parts.find((p) => p.type === 'month')?.value) };
}

/**
 * Create reservation (fast-create menu): people, services (select service → additional services), service
 * time (mini month calendar + time chips), client, remark; Cancel and Submit. One request key per opened
 * dialog, so a double-clicked Submit books once.
 */
export function CreateReservationDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const { message } = feedback;
  const words = useBookingWords();
  const permissions = usePermissions(orgId);
  const [form] = Form.useForm<ReservationValues>();
  const offer = useBookingOffer(orgId, open);
  const create = useCreateReservation(orgId, t('reservation.success'));
  const [selection, setSelection] = useState<Selection>([]);
  const [time, setTime] = useState<ServiceTime | null>(null);
  const [dialog, setDialog] = useState<'services' | 'manage' | 'selected' | 'time' | null>(null);
  const requestKey = useRef(newRequestKey());
  const client = Form.useWatch('client', form);
  const people = Form.useWatch('people', form) ?? 1;

  useEffect(() => {
    if (!open) return;
    requestKey.current = newRequestKey();
    setSelection([]);
    setTime(null);
    form.resetFields();
  }, [open, form]);
  const services = useMemo(() => offer.data?.services ?? [], [offer.data]);
  useEffect(() => setSelection((current) => pruneSelection(current, services)), [services]);
  // A new choice of services or people may not fit the chosen time any more.
  const servicesKey = JSON.stringify(toReservationServices(selection));
  useEffect(() => setTime(null), [servicesKey, people]);

  const business = offer.data?.business;
  const openTime = () => {
    // docs/product.md#states: the time picker needs at least one service first (reserviceTip1).
    if (selection.length === 0) {
      void message.warning(t('reservation.serviceFirst'));
      return;
    }
    setDialog('time');
  };

  const submit = async (values: ReservationValues) => {
    if (!business) return;
    if (selection.length === 0) {
      void message.warning(t('reservation.serviceFirst'));
      return;
    }
    const missing = missingRequiredGroups(selection, services);
    if (missing.length > 0) {
      void message.warning(t('reservation.pickRequired', { name: missing[0]!.title }));
      return;
    }
    if (!time) {
      void message.warning(t('reservation.timeFirst'));
      return;
    }
    try {
      await create.mutateAsync({
        requestKey: requestKey.current,
        businessId: business.id,
        year: time.year,
        month: time.month,
        day: time.day,
        selectedTime: time.time,
        people: values.people,
        services: toReservationServices(selection),
        associateCustomer: values.client?.id ?? '',
        name: values.client ? undefined : values.name?.trim(),
        phone: values.client ? undefined : values.phone?.trim(),
        email: values.client ? undefined : values.email?.trim(),
        note: values.note?.trim() || undefined,
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'RESERVATION_FULL' || error.code === 'RESERVATION_TIME_UNAVAILABLE')) setTime(null);
    }
  };

  const picked = selection.map((pick) => {
    const service = services.find((s) => s.id === pick.serviceId);
    const items = service?.groups.flatMap((group) => group.items.filter((item) => pick.groups[group.id]?.includes(item.id))) ?? [];
    return { id: pick.serviceId, label: [service?.title ?? '', ...items.map((item) => item.title)].join(' + ') };
  });
  const minutes = selectionMinutes(selection, services);
  const required = { required: true, whitespace: true, message: t('common:validation.required') };

  return (
    <Modal
      title={t('reservation.create')}
      open={open}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={create.isPending} disabled={!business} onClick={() => form.submit()}>
          {t('common:actions.submit')}
        </Button>,
      ]}
    >
      {offer.isLoading ? <LoadingState /> : null}
      {offer.isError ? (
        offer.error instanceof ApiError && offer.error.code === 'BUSINESS_NOT_FOUND' ? (
          <p>{t('reservation.setUpFirst')}</p>
        ) : (
          <ErrorState error={offer.error} onRetry={() => void offer.refetch()} />
        )
      ) : null}
      {business ? (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ people: 1, client: null }} aria-label={t('reservation.create')}>
          <Form.Item name="people" label={t('fields.people')}>
            <Select options={Array.from({ length: business.concurrentBooking }, (_, i) => ({ value: i + 1, label: t('reservation.peopleOption', { count: i + 1 }) }))} />
          </Form.Item>
          <Form.Item label={t('fields.services')} required>
            <Space direction="vertical" className="full-width">
              {picked.length > 0 ? (
                <div className="reservation-picked" data-testid="reservation-services">
                  {picked.map((line) => (
                    <Tag key={line.id}>{line.label}</Tag>
                  ))}
                  {minutes > 0 ? <span className="muted">{formatDuration(minutes, words.duration)}</span> : null}
                </div>
              ) : null}
              <Space wrap>
                <Button icon={<UnorderedListOutlined aria-hidden="true" />} onClick={() => setDialog('services')}>
                  {t('reservation.selectService')}
                </Button>
                {picked.length > 0 ? (
                  <Button icon={<ProfileOutlined aria-hidden="true" />} onClick={() => setDialog('selected')}>
                    {t('reservation.reviewItems', { count: picked.length })}
                  </Button>
                ) : null}
              </Space>
            </Space>
          </Form.Item>
          <Form.Item label={t('fields.serviceTime')} required>
            <Space wrap>
              {time ? (
                <span data-testid="reservation-time">
                  {time.year}-{String(time.month).padStart(2, '0')}-{String(time.day).padStart(2, '0')} {time.time}
                </span>
              ) : null}
              <Button icon={<CalendarOutlined aria-hidden="true" />} onClick={openTime}>
                {t('reservation.selectTime')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item name="client" label={t('fields.client')} extra={client ? undefined : t('reservation.clientHint')}>
            <ContactPickerField orgId={orgId} />
          </Form.Item>
          {client ? null : (
            <>
              <Form.Item name="name" label={t('fields.name')} rules={[required]}>
                <Input maxLength={100} autoComplete="off" />
              </Form.Item>
              <Form.Item name="phone" label={t('fields.phone')} rules={[required, { pattern: /^[0-9+\-() #*.,]+$/, message: t('validation.phone') }]}>
                <Input maxLength={40} inputMode="tel" autoComplete="off" />
              </Form.Item>
              <Form.Item name="email" label={t('fields.email')} rules={[required, { pattern: emailPattern, message: t('common:validation.invalidEmail') }]}>
                <Input maxLength={254} autoComplete="off" />
              </Form.Item>
            </>
          )}
          <Form.Item name="note" label={t('fields.remark')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Form>
      ) : null}
      <SelectServiceDialog
        orgId={orgId}
        open={dialog === 'services'}
        services={services}
        selection={selection}
        onOk={(next) => {
          setSelection(next);
          setDialog(null);
        }}
        onManage={permissions.isSystemAdministrator ? () => setDialog('manage') : null}
        onClose={() => setDialog(null)}
      />
      <SelectedItemsDrawer
        open={dialog === 'selected'}
        services={services}
        selection={selection}
        onChange={setSelection}
        onSelectService={() => setDialog('services')}
        onSelectTime={openTime}
        onClose={() => setDialog(null)}
      />
      <ManageServicesDialog orgId={orgId} open={dialog === 'manage'} onClose={() => setDialog('services')} />
      {business ? (
        <ServiceTimeDialog
          orgId={orgId}
          open={dialog === 'time'}
          query={{ businessId: business.id, services: toReservationServices(selection), people }}
          initialMonth={thisMonth(business.timeZone)}
          value={time}
          onOk={(picked) => {
            setTime(picked);
            setDialog(null);
          }}
          onClose={() => {
            // docs/product.md#states: closing the time picker clears the chosen time.
            setTime(null);
            setDialog(null);
          }}
        />
      ) : null}
    </Modal>
  );
}
