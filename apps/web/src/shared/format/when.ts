import dayjs from 'dayjs';

/**
 * The one way the app shows dates, in every language: YYYY-MM-DD (and YYYY-MM-DD HH:mm with a time). It is how
 * dates are typed (the mask ####-##-##, docs/product.md#validation) and Taiwan's national standard (CNS 7648,
 * after ISO 8601), so a date reads the same in a list, a form and an invitation.
 */
export const dateFormat = 'YYYY-MM-DD';
export const dateTimeFormat = 'YYYY-MM-DD HH:mm';

/** An instant as a local date and time (YYYY-MM-DD HH:mm), or '' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format(dateTimeFormat) : '';
}

/** A date (or the local date of an instant) as YYYY-MM-DD, or '' when absent. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format(dateFormat) : '';
}
