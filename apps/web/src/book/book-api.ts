import type { ApiEnvelope, BookingOffer, MonthTime, PublicReservation, ReservationCreateInput, ReservationServiceChoiceInput } from '@lodestar/contract';

/** A failed answer: the server's localized message and code (RESERVATION_FULL, NOT_FOUND…). */
export class BookError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call<T>(path: string, language: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/public/booking/${path}`, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': language, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new BookError(0, 'NETWORK', '');
  }
  let envelope: ApiEnvelope<T> | null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.result === 'success') return envelope.data;
  const failure = envelope?.result === 'fail' ? envelope : null;
  throw new BookError(response.status, failure?.errorCode ?? 'BAD_RESPONSE', failure?.errorMessage ?? '');
}

export function fetchOffer(idName: string, language: string, signal?: AbortSignal): Promise<BookingOffer> {
  return call<BookingOffer>(encodeURIComponent(idName), language, { signal });
}

export function fetchMonthTime(
  idName: string,
  query: { services: ReservationServiceChoiceInput[]; year: number; month: number; people: number },
  language: string,
  signal?: AbortSignal,
): Promise<MonthTime> {
  const params = new URLSearchParams({ services: JSON.stringify(query.services), year: String(query.year), month: String(query.month), people: String(query.people) });
  return call<MonthTime>(`${encodeURIComponent(idName)}/monthTime?${params.toString()}`, language, { signal });
}

export function createReservation(idName: string, body: ReservationCreateInput, language: string): Promise<PublicReservation> {
  return call<PublicReservation>(`${encodeURIComponent(idName)}/reservation`, language, { method: 'POST', body: JSON.stringify(body) });
}

/** A random request key (the idempotency key of one booking attempt). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
