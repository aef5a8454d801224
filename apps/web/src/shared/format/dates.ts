import { greetingFor, type Greeting } from '@lodestar/contract';

/** The spec's greeting for a moment (morning 5:30–11:30, afternoon 11:30–17:30, else evening). */
export function greetingAt(date: Date = new Date()): Greeting {
  return greetingFor(date.getHours(), date.getMinutes());
}

/** A calendar date in the UI language (e.g. 2026/11/23, 11/23/2026). */
export function formatDate(value: string | Date, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}
