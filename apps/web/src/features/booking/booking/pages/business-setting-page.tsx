import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { debounceMs, defaultBusinessHours, formatTimeOfDay, parseTimeOfDay, slotStepMinutes, defaultBusinessTimeZone, maxConcurrentBooking, type Business, type BusinessHours, type BusinessSaveInput } from '@lodestar/contract';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { useBusiness, useIdNameCheck, useSaveBusiness } from '../booking.api.ts';
import { endTimeOptions, startTimeOptions, weekdaysMondayFirst } from '../time-options.ts';

interface SettingValues {
  name: string;
  idName: string;
  concurrentBooking: number;
  timeZone: string;
  isPublic: boolean;
  reminderOn: boolean;
  reminderTime: string;
  hours: BusinessHours[];
}

const defaultReminderTime = '18:00';

export function publicBookingUrl(idName: string): string {
  return `${window.location.origin}/book/${encodeURIComponent(idName)}`;
}

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes(defaultBusinessTimeZone) ? supported : [defaultBusinessTimeZone, ...supported];
}

/** A new break after the day's last one (30 minutes), so two breaks never start out overlapping. */
function nextBreak(day: BusinessHours | undefined): { start: string; end: string } {
  const last = day?.breaks.at(-1);
  const start = last ? parseTimeOfDay(last.end) : 12 * 60;
  const latest = Math.max(parseTimeOfDay(day?.end ?? '24:00') - slotStepMinutes, 0);
  const from = Math.min(start, latest);
  return { start: formatTimeOfDay(from), end: formatTimeOfDay(from + slotStepMinutes) };
}

/** One weekday: open or closed, opening hours and its break times. */
function WeekdayHours({ index, weekday }: { index: number; weekday: number }) {
  const { t } = useTranslation('booking');
  const form = Form.useFormInstance<SettingValues>();
  const isOpen = Form.useWatch(['hours', index, 'isOpen'], form);
  const dayName = t(`weekdays.${weekday}`);
  return (
    <div className="business-hours__row" data-testid="business-hours-row">
      <div className="business-hours__day">
        <Form.Item name={[index, 'isOpen']} valuePropName="checked" noStyle>
          <Switch aria-label={t('setting.openOn', { day: dayName })} />
        </Form.Item>
        <span className="business-hours__name">{dayName}</span>
      </div>
      {isOpen ? (
        <div className="business-hours__times">
          <Space wrap size={6}>
            <Form.Item name={[index, 'start']} noStyle>
              <Select options={startTimeOptions} aria-label={t('setting.opensAt', { day: dayName })} className="time-select" />
            </Form.Item>
            <span aria-hidden="true">–</span>
            <Form.Item name={[index, 'end']} noStyle>
              <Select options={endTimeOptions} aria-label={t('setting.closesAt', { day: dayName })} className="time-select" />
            </Form.Item>
          </Space>
          <Form.List name={[index, 'breaks']}>
            {(fields, { add, remove }) => (
              <div className="business-hours__breaks">
                {fields.map((field, breakIndex) => (
                  <Space key={field.key} wrap size={6} className="business-hours__break">
                    <span className="business-hours__break-label">{t('setting.break')}</span>
                    <Form.Item name={[field.name, 'start']} noStyle>
                      <Select options={startTimeOptions} aria-label={t('setting.breakStart', { day: dayName, number: breakIndex + 1 })} className="time-select" />
                    </Form.Item>
                    <span aria-hidden="true">–</span>
                    <Form.Item name={[field.name, 'end']} noStyle>
                      <Select options={endTimeOptions} aria-label={t('setting.breakEnd', { day: dayName, number: breakIndex + 1 })} className="time-select" />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden="true" />}
                      aria-label={t('setting.removeBreak', { day: dayName, number: breakIndex + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button type="link" size="small" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add(nextBreak(form.getFieldValue(['hours', index]) as BusinessHours))}>
                  {t('setting.addBreak', { day: dayName })}
                </Button>
              </div>
            )}
          </Form.List>
        </div>
      ) : (
        <span className="business-hours__closed">{t('setting.closed')}</span>
      )}
    </div>
  );
}

/** The public link, shown once the page is public, with a copy button. */
function PublicLink({ idName }: { idName: string }) {
  const { t } = useTranslation('booking');
  const { message } = feedback;
  const url = publicBookingUrl(idName);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('setting.linkCopied'));
    } catch {
      void message.info(url);
    }
  };
  return (
    <Space.Compact block className="public-link">
      <Input readOnly value={url} aria-label={t('setting.publicLink')} data-testid="public-link" />
      <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
        {t('setting.copyLink')}
      </Button>
    </Space.Compact>
  );
}

function initialValuesOf(business: Business | null): SettingValues {
  return business
    ? {
        name: business.name,
        idName: business.idName,
        concurrentBooking: business.concurrentBooking,
        timeZone: business.timeZone,
        isPublic: business.isPublic,
        reminderOn: business.reminderTime !== null,
        reminderTime: business.reminderTime ?? defaultReminderTime,
        hours: business.hours,
      }
    : { name: '', idName: '', concurrentBooking: 1, timeZone: defaultBusinessTimeZone, isPublic: false, reminderOn: false, reminderTime: defaultReminderTime, hours: defaultBusinessHours() };
}

/** business/setting: the public id name, people at once, business hours per weekday with breaks, and the public toggle. */
export function BusinessSettingPage() {
  const { t } = useTranslation('booking');
  usePageTitle(t('setting.title'));
  const { orgId = '' } = useParams();
  const business = useBusiness(orgId);
  if (business.isLoading) return <LoadingState />;
  if (business.isError) return <ErrorState error={business.error} onRetry={() => void business.refetch()} />;
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('setting.title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{business.data ? t('setting.hint') : t('setting.firstTimeHint')}</Typography.Paragraph>
      <SettingForm orgId={orgId} business={business.data ?? null} />
    </Card>
  );
}

/** The form, mounted once the business is loaded (its values are the form's initial values). */
function SettingForm({ orgId, business }: { orgId: string; business: Business | null }) {
  const { t } = useTranslation('booking');
  const save = useSaveBusiness(orgId, t('notices.updated'));
  const [form] = Form.useForm<SettingValues>();
  const [initialValues] = useState(() => initialValuesOf(business));
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const idName = (Form.useWatch('idName', form) ?? '').trim().toLowerCase();
  const isPublic = Form.useWatch('isPublic', form);
  const reminderOn = Form.useWatch('reminderOn', form);
  const debouncedIdName = useDebouncedValue(idName, debounceMs.duplicateCheck);
  const idNameChanged = debouncedIdName !== '' && debouncedIdName !== business?.idName;
  const idNameCheck = useIdNameCheck(orgId, debouncedIdName, idNameChanged && /^[a-z0-9-]{3,40}$/.test(debouncedIdName));
  const isLive = Boolean(isPublic && business?.isPublic && business.idName === idName);

  const submit = async (submitted: SettingValues) => {
    // The hours hold values no control edits (weekday; times of a closed day): read the whole store.
    const values = { ...(form.getFieldsValue(true) as SettingValues), ...submitted, hours: (form.getFieldsValue(true) as SettingValues).hours };
    const body: BusinessSaveInput = {
      name: values.name.trim() || undefined,
      idName: values.idName.trim().toLowerCase(),
      concurrentBooking: values.concurrentBooking,
      timeZone: values.timeZone,
      isPublic: values.isPublic,
      reminderTime: values.reminderOn ? values.reminderTime : null,
      hours: values.hours,
    };
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={initialValues} aria-label={t('setting.title')} className="business-form">
      <div className="business-form__grid">
        <Form.Item name="name" label={t('setting.name')} extra={t('setting.nameHint')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="idName"
          label={t('setting.idName')}
          extra={t('setting.idNameHint')}
          rules={[requiredRule(t), { pattern: /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/, message: t('setting.idNameInvalid') }, { min: 3, max: 40, message: t('setting.idNameInvalid') }]}
          validateStatus={idNameChanged && idNameCheck.data?.available === false ? 'error' : undefined}
          help={idNameChanged && idNameCheck.data?.available === false ? t('setting.idNameTaken') : undefined}
        >
          <Input prefix="/book/" maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="concurrentBooking" label={t('setting.concurrentBooking')} extra={t('setting.concurrentBookingHint')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <InputNumber min={1} max={maxConcurrentBooking} precision={0} className="full-width" suffix={t('setting.peopleSuffix')} />
        </Form.Item>
        <Form.Item name="timeZone" label={t('setting.timeZone')}>
          <Select showSearch options={zones} />
        </Form.Item>
      </div>
      <Typography.Title level={2} className="section-title">
        {t('setting.hoursTitle')}
      </Typography.Title>
      <Form.List name="hours">
        {(fields) => {
          // Shown Monday first; stored Sunday first (weekday 0).
          const weekdayOf = (name: number) => form.getFieldValue(['hours', name, 'weekday']) as number;
          const position = (name: number) => weekdaysMondayFirst.indexOf(weekdayOf(name) as (typeof weekdaysMondayFirst)[number]);
          return (
            <div className="business-hours">
              {[...fields]
                .sort((a, b) => position(a.name) - position(b.name))
                .map((field) => (
                  <WeekdayHours key={field.key} index={field.name} weekday={weekdayOf(field.name)} />
                ))}
            </div>
          );
        }}
      </Form.List>
      <Typography.Title level={2} className="section-title">
        {t('setting.publicTitle')}
      </Typography.Title>
      <Form.Item name="isPublic" valuePropName="checked" label={t('setting.isPublic')} extra={t('setting.isPublicHint')}>
        <Switch />
      </Form.Item>
      {isLive && business ? <PublicLink idName={business.idName} /> : null}
      {isPublic && !isLive ? <Typography.Text type="secondary">{t('setting.saveToPublish')}</Typography.Text> : null}
      <Typography.Title level={2} className="section-title">
        {t('setting.noticesTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('setting.noticesHint')}</Typography.Paragraph>
      <Space wrap align="start" size={16}>
        <Form.Item name="reminderOn" valuePropName="checked" label={t('setting.reminderOn')}>
          <Switch />
        </Form.Item>
        {reminderOn ? (
          <Form.Item name="reminderTime" label={t('setting.reminderTime')} extra={t('setting.reminderTimeHint')}>
            <Select options={startTimeOptions} className="business-form__time" />
          </Form.Item>
        ) : null}
      </Space>
      <div className="business-form__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </div>
    </Form>
  );
}
