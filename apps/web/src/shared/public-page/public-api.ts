import type { ApiEnvelope } from '@lodestar/contract';

/** A public page's failed call: the server's localized message and code (NOT_FOUND, QUOTE_EXPIRED…); 0 = no network. */
export class PublicApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * One call of a public page (booking, business card, quote) without the app's client: its path has one `:name`
 * parameter, filled and encoded here, and `search` is appended; the answer is the envelope's data or a PublicApiError.
 * Aborts pass through.
 */
export async function publicCall<T>(path: string, value: string, language: string, { search = '', ...init }: RequestInit & { search?: string } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path.replace(/:[A-Za-z]+/, encodeURIComponent(value))}${search}`, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': language, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new PublicApiError(0, 'NETWORK', '');
  }
  let envelope: ApiEnvelope<T> | null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.result === 'success') return envelope.data;
  const failure = envelope?.result === 'fail' ? envelope : null;
  throw new PublicApiError(response.status, failure?.errorCode ?? 'BAD_RESPONSE', failure?.errorMessage ?? '');
}
