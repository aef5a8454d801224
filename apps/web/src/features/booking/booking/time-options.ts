import { formatTimeOfDay, minutesPerDay, slotStepMinutes } from '@lodestar/contract';

/** Start times on the 30-minute grid, 00:00–23:30 (docs/product.md#limits: 48 slots a day). */
export const startTimeOptions = Array.from({ length: minutesPerDay / slotStepMinutes }, (_, i) => {
  const value = formatTimeOfDay(i * slotStepMinutes);
  return { value, label: value };
});

/** End times 00:30–24:00 (a day may close at midnight). */
export const endTimeOptions = Array.from({ length: minutesPerDay / slotStepMinutes }, (_, i) => {
  const value = formatTimeOfDay((i + 1) * slotStepMinutes);
  return { value, label: value };
});

/** docs/product.md#limits: service duration hour 00–23, minute 00 or 30. */
export const hourOptions = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: String(hour).padStart(2, '0') }));
export const minuteOptions = [0, 30].map((minute) => ({ value: minute, label: String(minute).padStart(2, '0') }));

/** Monday first on screen; the contract numbers weekdays 0 = Sunday. */
export const weekdaysMondayFirst = [1, 2, 3, 4, 5, 6, 0] as const;
