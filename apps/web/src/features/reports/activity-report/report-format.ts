import {
  formatPeriod,
  localDateOf,
  parsePeriod,
  periodOf,
  type PeriodKind,
} from '@lodestar/contract';

/** Whole numbers with thousands separators in the page's language (docs/product.md#limits). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Today in Taiwan time, as the server counts days (contract activity-periods.ts). */
export function todayInTaipei(): string {
  return localDateOf(new Date(), 'Asia/Taipei');
}

/** The period in the URL when it is of the page's kind, else the one holding today. */
export function periodFromUrl(kind: PeriodKind, symbol: string | null): string {
  const parsed = symbol ? parsePeriod(symbol) : null;
  return parsed && parsed.kind === kind ? symbol! : formatPeriod(periodOf(kind, todayInTaipei()));
}

/** How a reached percentage is coloured against the target: met, close (≥ 60 %), behind. */
export function reachedTone(reached: number | null): 'success' | 'warning' | 'error' | 'default' {
  if (reached === null) return 'default';
  if (reached >= 100) return 'success';
  if (reached >= 60) return 'warning';
  return 'error';
}

/** A CSV file (UTF-8 with BOM, so Excel opens Chinese text correctly) from rows of cells. */
export function toCsv(rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
