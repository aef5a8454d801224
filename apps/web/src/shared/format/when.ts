import dayjs from 'dayjs';

/** An instant as a local date and time (YYYY-MM-DD HH:mm), or '' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}
