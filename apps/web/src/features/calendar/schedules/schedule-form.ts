import {
  defaultScheduleColor,
  linkScheduleTimes,
  scheduleDefaults,
  type RepeatBy,
  type RepeatDuring,
  type Schedule,
  type ScheduleCategory,
  type ScheduleCreateInput,
  type ScheduleTimeField,
  type ScheduleTimes,
} from '@lodestar/contract';
import type { PickedRecord } from '../../../shared/ui/picker-field.tsx';

/** What the create-schedule drawer can open with (docs/product.md#screens): a day and start time, or a client, company or deal. */
export interface SchedulePreset {
  date?: string;
  startTime?: string;
  endTime?: string;
  fullDay?: boolean;
  client?: PickedRecord | null;
  company?: PickedRecord | null;
  deal?: PickedRecord | null;
}

export interface ScheduleFormValues extends ScheduleTimes {
  title: string;
  category: ScheduleCategory | null;
  activity: string[];
  fullDay: boolean;
  repeatBy: RepeatBy;
  repeatDuring: RepeatDuring;
  repeatDuringVal: string;
  client: PickedRecord | null;
  company: PickedRecord | null;
  deal: PickedRecord | null;
  address: string;
  taskNote: string;
  color: string;
  notice: number;
  complete: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** docs/product.md#limits: time slots every 30 minutes, 48 a day. */
export const timeSlots: string[] = Array.from({ length: 48 }, (_, index) => `${pad(Math.floor(index / 2))}:${index % 2 ? '30' : '00'}`);

/** The next half-hour slot after `now` (docs/product.md#limits: the default start is the current time), within the day. */
export function nextSlot(now: Date): string {
  const minutes = now.getHours() * 60 + now.getMinutes();
  const slot = Math.min(Math.ceil(minutes / 30) * 30, 23 * 60 + 30);
  return `${pad(Math.floor(slot / 60))}:${pad(slot % 60)}`;
}

function localDate(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A new schedule's values (docs/product.md#limits): the start is the current time (next half hour) and the end 23:00,
 * unless the drawer opened from a calendar slot — then that slot's start, and its end or one hour later. The
 * linking rule of docs/product.md#states keeps the end after the start.
 */
export function emptyScheduleValues(preset: SchedulePreset = {}, now: Date = new Date()): ScheduleFormValues {
  const date = preset.date ?? localDate(now);
  const startTime = preset.startTime ?? nextSlot(now);
  const endTime = preset.endTime ?? (preset.startTime ? '00:00' : scheduleDefaults.endTime);
  const times = linkScheduleTimes({ startDate: date, startTime, endDate: date, endTime }, 'startTime');
  return {
    title: '',
    category: null,
    activity: [],
    fullDay: preset.fullDay ?? false,
    ...times,
    repeatBy: 'none',
    repeatDuring: 'forever',
    repeatDuringVal: '',
    client: preset.client ?? null,
    company: preset.company ?? null,
    deal: preset.deal ?? null,
    address: '',
    taskNote: '',
    color: defaultScheduleColor,
    notice: 0,
    complete: false,
  };
}

export function scheduleToFormValues(schedule: Schedule): ScheduleFormValues {
  return {
    title: schedule.title,
    category: schedule.category,
    activity: schedule.activity.filter((item) => item.isSelect).map((item) => item.id),
    fullDay: schedule.fullDay,
    startDate: schedule.startDate,
    startTime: schedule.startDateTime ?? scheduleDefaults.startTime,
    endDate: schedule.endDate,
    endTime: schedule.endDateTime ?? scheduleDefaults.endTime,
    repeatBy: schedule.repeatBy,
    repeatDuring: schedule.repeatDuring,
    repeatDuringVal: schedule.repeatDuringVal ?? '',
    client: schedule.client,
    company: schedule.company,
    deal: schedule.deal,
    address: schedule.address ?? '',
    taskNote: schedule.taskNote ?? '',
    color: schedule.color,
    notice: schedule.notice,
    complete: schedule.complete,
  };
}

/** The form's values as the contract's body (empty texts as null, the repeat value only where the product shows it). */
export function toScheduleBody(values: ScheduleFormValues): ScheduleCreateInput {
  const repeats = values.repeatBy !== 'none';
  const hasRepeatValue = repeats && values.repeatDuring !== 'forever';
  return {
    title: values.title.trim(),
    category: values.category ?? null,
    startDate: values.startDate,
    startDateTime: values.fullDay ? null : values.startTime,
    endDate: values.endDate,
    endDateTime: values.fullDay ? null : values.endTime,
    fullDay: values.fullDay,
    repeatBy: values.repeatBy,
    repeatDuring: repeats ? values.repeatDuring : 'forever',
    repeatDuringVal: hasRepeatValue ? values.repeatDuringVal.trim() || null : null,
    notice: values.notice,
    deal: values.deal?.id ?? null,
    address: values.address.trim() || null,
    taskNote: values.taskNote.trim() || null,
    color: values.color,
    company: values.company ? { id: values.company.id, name: values.company.name } : null,
    client: values.client ? { id: values.client.id, name: values.client.name } : null,
    activity: values.activity,
    complete: values.complete,
  };
}

/** The four linked fields after one of them changed (docs/product.md#states), as a patch for the form. */
export function linkedTimesPatch(values: ScheduleTimes, changed: ScheduleTimeField): Partial<ScheduleTimes> {
  const linked = linkScheduleTimes(values, changed);
  return Object.fromEntries((Object.keys(linked) as ScheduleTimeField[]).filter((key) => linked[key] !== values[key]).map((key) => [key, linked[key]]));
}

/** docs/product.md#validation: the repeat count takes digits only, at most 3. */
export function maskRepeatCount(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 3);
}
