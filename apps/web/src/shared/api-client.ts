import { buildIdHeader, type ApiEnvelope, type ErrorCode, type FieldError } from '@lodestar/contract';
import { noteServerBuild } from './new-version.ts';
import { clearSession, getSession, getToken } from './session.ts';
import { isPublicPath, loginWithRedirect } from './navigation.ts';

/**
 * The one API client (docs/ARCHITECTURE.md, docs/product.md#errors). Every call goes through `apiRequest`:
 * Bearer token, Accept-Language, `?orgId=` for org-scoped calls, the envelope unwrapped, and failed
 * answers handled here once — 401 → login, 403 → unauthorized page, 404 on a page lookup → not-found
 * page, 423 → frozen page; everything else rejects with the server's errorMessage. Mutations show
 * green/red notifications and a loading overlay.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'BAD_RESPONSE';
  readonly details: FieldError[];

  constructor(status: number, code: ApiError['code'], message: string, details: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type Notify = (kind: 'success' | 'error', message: string) => void;

export interface ApiClientEnvironment {
  navigate: (to: string) => void;
  notify: Notify;
  /** The UI language sent as Accept-Language. */
  language: () => string;
  /** Fallback texts (localized by the app) for notifications without a server message. */
  texts: () => { saved: string; failed: string };
  location: () => { pathname: string; search: string };
}

const defaultEnvironment: ApiClientEnvironment = {
  navigate: (to) => window.location.assign(to),
  notify: () => undefined,
  language: () => document.documentElement.lang || 'zh-TW',
  texts: () => ({ saved: 'Success', failed: 'Error' }),
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
};

let environment: ApiClientEnvironment = defaultEnvironment;

/** A notification from outside a request (the offline outbox's "saved on this device"). */
export function notifyUser(kind: 'success' | 'error', message: string): void {
  environment.notify(kind, message);
}

export function configureApiClient(overrides: Partial<ApiClientEnvironment>): void {
  environment = { ...environment, ...overrides };
}

export function resetApiClient(): void {
  environment = defaultEnvironment;
  busyCount = 0;
  emitBusy();
}

// ---- loading overlay: a counter of saves in flight ----
let busyCount = 0;
const busyListeners = new Set<() => void>();
function emitBusy(): void {
  for (const listener of busyListeners) listener();
}
export function subscribeBusy(listener: () => void): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}
export function isBusy(): boolean {
  return busyCount > 0;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Org-scoped call: sent as `?orgId=`; also where 403/404/423 redirects point. */
  orgId?: string | null;
  /** A 404 means the page's own record does not exist → the not-found page. */
  pageLookup?: boolean;
  /** Green notification text on success; defaults to a generic "saved" for mutations. false: none. */
  successMessage?: string | false;
  /** Red notification on failure (default: on for mutations). */
  notifyError?: boolean;
  /** Fullscreen loading overlay while in flight (default: on for mutations). */
  overlay?: boolean;
  /** Public calls (login, sign-up, forgot password) never redirect on 401. */
  anonymous?: boolean;
  /** Sent as `Idempotency-Key`: the server writes once however often the same key is sent (the offline outbox). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function buildUrl(path: string, options: Pick<ApiRequestOptions, 'query' | 'orgId'> = {}): string {
  const params = new URLSearchParams();
  if (options.orgId) params.set('orgId', options.orgId);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

/**
 * Where a failed answer sends the browser (docs/product.md#errors), or null to just reject. A free-plan limit
 * (403 PLAN_LIMIT_REACHED, "Please upgrade to the Pro version") is not a missing privilege: it stays on
 * the page and shows the server's message.
 */
export function redirectForFailure(
  status: number,
  options: Pick<ApiRequestOptions, 'orgId' | 'pageLookup' | 'anonymous'>,
  location: { pathname: string; search: string },
  code?: ApiError['code'],
): string | null {
  const orgId = options.orgId ?? null;
  if (status === 401 && !options.anonymous) {
    return isPublicPath(location.pathname) ? null : loginWithRedirect(location.pathname, location.search);
  }
  if (status === 403 && orgId && code !== 'PLAN_LIMIT_REACHED') return `/${orgId}/error/unauthorized`;
  if (status === 404 && orgId && options.pageLookup) return `/${orgId}/error/pageNotFound`;
  if (status === 423 && orgId) return `/${orgId}/frozen`;
  return null;
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'result' in body) return body as ApiEnvelope<T>;
    return null;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const isMutation = method !== 'GET';
  const overlay = options.overlay ?? isMutation;
  const notifyError = options.notifyError ?? isMutation;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': environment.language(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // FormData (multipart create/edit with files) sets its own boundary header.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  if (overlay) {
    busyCount += 1;
    emitBusy();
  }
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options), {
        method,
        headers,
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if ((cause as Error).name === 'AbortError') throw cause;
      const error = new ApiError(0, 'NETWORK', environment.texts().failed);
      if (notifyError) environment.notify('error', error.message);
      throw error;
    }
    noteServerBuild(response.headers.get(buildIdHeader));
    const envelope = await readEnvelope<T>(response);
    if (response.ok && envelope?.result === 'success') {
      if (isMutation && options.successMessage !== false) {
        environment.notify('success', options.successMessage ?? environment.texts().saved);
      }
      return envelope.data;
    }

    const status = response.ok ? 500 : response.status;
    const failure = envelope && envelope.result === 'fail' ? envelope : null;
    const error = new ApiError(
      status,
      failure?.errorCode ?? 'BAD_RESPONSE',
      failure?.errorMessage || environment.texts().failed,
      failure?.details ?? [],
    );
    if (status === 401 && !options.anonymous) clearSession();
    const redirect = redirectForFailure(status, options, environment.location(), error.code);
    if (redirect) {
      environment.navigate(redirect);
    } else if (notifyError) {
      environment.notify('error', error.message);
    }
    throw error;
  } finally {
    if (overlay) {
      busyCount -= 1;
      emitBusy();
    }
  }
}

/** The stored organization id (for calls made outside an org route). */
export function storedOrgId(): string | null {
  return getSession().profile?.orgId ?? getSession().user?.orgId ?? null;
}

/** Field errors of a 400 answer, shaped for antd `form.setFields`. */
export function fieldErrorsOf(error: unknown): { name: string; errors: string[] }[] {
  if (!(error instanceof ApiError)) return [];
  return error.details.map((detail) => ({ name: detail.field, errors: [detail.message] }));
}

/** A protected file (e.g. an avatar at /api/files/{id}?orgId=) as a Blob; <img> cannot send the Bearer token. */
export async function apiBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiError(response.status, 'BAD_RESPONSE', environment.texts().failed);
  return response.blob();
}

/** A raw (file) answer of an API call, e.g. a CSV export: the same token, language and orgId as apiRequest. */
export async function apiDownload(path: string, options: Pick<ApiRequestOptions, 'method' | 'body' | 'orgId' | 'query'> = {}): Promise<Blob> {
  const token = getToken();
  const headers: Record<string, string> = { 'Accept-Language': environment.language() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(buildUrl(path, options), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const error = new ApiError(response.status, 'BAD_RESPONSE', environment.texts().failed);
    environment.notify('error', error.message);
    throw error;
  }
  return response.blob();
}

/** Saves a Blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
