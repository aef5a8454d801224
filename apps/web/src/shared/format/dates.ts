import { greetingFor, isRealDate, type Greeting } from '@lodestar/contract';

export { isRealDate };

/** The product's greeting for a moment (morning 5:30–11:30, afternoon 11:30–17:30, else evening). */
export function greetingAt(date: Date = new Date()): Greeting {
  return greetingFor(date.getHours(), date.getMinutes());
}

/** docs/product.md#validation: the date mask ####-##-## — digits only, dashes inserted as the user types. */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}


/** Today in the browser's calendar as YYYY-MM-DD (a date-only value, no time zone shift). */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
