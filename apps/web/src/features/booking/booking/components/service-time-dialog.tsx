import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MiniMonthCalendar } from '../../../../shared/booking/mini-month-calendar.tsx';
import { availableDaysOf, isFullTipShown, timesOfDay } from '../../../../shared/booking/month-days.ts';
import { TimeChips } from '../../../../shared/booking/time-chips.tsx';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useMonthTime, } from '../booking.api.ts';
import type { MonthTimeParams } from '../../query-keys.ts';

export interface ServiceTime {
  year: number;
  month: number;
  day: number;
  time: string;
}

/** Select service time: the mini month calendar (full days disabled) and the chosen day's time chips. */
export function ServiceTimeDialog({
  orgId,
  open,
  query,
  initialMonth,
  value,
  onOk,
  onClose,
}: {
  orgId: string;
  open: boolean;
  query: Omit<MonthTimeParams, 'year' | 'month'>;
  initialMonth: { year: number; month: number };
  value: ServiceTime | null;
  onOk: (time: ServiceTime) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const [view, setView] = useState(initialMonth);
  const [day, setDay] = useState<number | null>(null);
  const [time, setTime] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setView(value ? { year: value.year, month: value.month } : initialMonth);
    setDay(value?.day ?? null);
    setTime(value?.time ?? null);
    // Opened afresh each time: the last confirmed choice or this month.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const monthTime = useMonthTime(orgId, open ? { ...query, ...view } : null);
  const days = monthTime.isPlaceholderData ? null : monthTime.data;
  const available = availableDaysOf(days);
  const times = timesOfDay(days, day);
  const full = isFullTipShown(days, day);
  // The last confirmed time may have been taken since: it only counts while the day still offers it.
  const chosen = time && times.includes(time) ? time : null;
  const canGoBack = view.year * 12 + view.month > initialMonth.year * 12 + initialMonth.month;
  return (
    <Modal
      title={t('reservation.selectTime')}
      open={open}
      onCancel={onClose}
      onOk={() => day !== null && chosen && onOk({ ...view, day, time: chosen })}
      okButtonProps={{ disabled: day === null || !chosen }}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      destroyOnHidden
    >
      <div className="service-time">
        <MiniMonthCalendar
          year={view.year}
          month={view.month}
          availableDays={available}
          selectedDay={day}
          canGoBack={canGoBack}
          locale={currentLanguage()}
          labels={{ title: t('reservation.month', view), previousMonth: t('reservation.previousMonth'), nextMonth: t('reservation.nextMonth') }}
          onSelectDay={(picked) => {
            setDay(picked);
            setTime(null);
          }}
          onMonthChange={(year, month) => {
            setView({ year, month });
            setDay(null);
            setTime(null);
          }}
        />
        <div className="service-time__times" aria-live="polite">
          {monthTime.isFetching && !days ? <Spin size="small" /> : null}
          {full ? <Alert type="warning" showIcon title={t('reservation.fullTip')} data-testid="reservation-full-tip" /> : null}
          {day !== null && times.length > 0 ? (
            <TimeChips times={times} value={time} label={t('reservation.timesOf', { day: `${view.month}/${day}` })} onChange={setTime} />
          ) : null}
          {!full && available && day === null ? <p className="muted">{t('reservation.pickDay')}</p> : null}
        </div>
      </div>
    </Modal>
  );
}
