import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { OAuthMailProvider } from '@lodestar/contract';
import type { OAuthTokens } from '../../../platform/oauth-client.ts';
import { MailServerError } from './mailboxes.transport.ts';

/**
 * What sync and send need from a mailbox reached over HTTP with OAuth (Gmail API, Microsoft Graph), behind one shape
 * so mailboxes.remote-sync.ts does not care which it talks to. The implementations are mailboxes.gmail.ts and
 * mailboxes.graph.ts; their base URLs are the calendar's (config google / outlook), pointed at local doubles in tests.
 */

/** A message seen on a page of changes; addresses when the page carries them (Graph), else null (Gmail: ask). */
export interface RemoteRef {
  id: string;
  addresses: string[] | null;
}

/** Where sync stands, stored as JSON in mailboxes.sync_token; `null` starts a full sync from the backfill window. */
export type ProviderCursor = Record<string, unknown>;

export interface RemotePage {
  refs: RemoteRef[];
  /** Saved after the page is stored: a killed run resumes from here. */
  cursor: ProviderCursor;
  /** No more pages until new mail arrives. */
  done: boolean;
}

/** An access token that can be renewed once when the provider says it is no longer valid (401). */
export interface TokenSession {
  token(forceRefresh?: boolean): Promise<string>;
}

export interface MailApi {
  provider: OAuthMailProvider;
  authorizeUrl(state: string, codeChallenge: string, redirectUri: string): string;
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<{ tokens: OAuthTokens; email: string }>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
  /** One page of messages after `cursor` (a full read of the window since `since` when null); StaleCursorError when the provider forgot it. */
  page(session: TokenSession, cursor: ProviderCursor | null, since: Date): Promise<RemotePage>;
  addresses(session: TokenSession, id: string): Promise<string[]>;
  /** The message as RFC 5322 bytes. */
  raw(session: TokenSession, id: string): Promise<Buffer>;
  /** A message's attachments (the provider's id and the decoded file name), to open one on demand. */
  attachments(session: TokenSession, id: string): Promise<{ id: string; filename: string }[]>;
  /** One attachment's bytes (Gmail attachments.get, Graph attachments/{id}/$value), streamed when the provider allows. */
  attachment(session: TokenSession, id: string, attachmentId: string): Promise<Readable>;
  /**
   * Sends RFC 5322 bytes (threading headers included); the provider files it in Sent. `replyTo`: the original as
   * `locate` found it, so the provider keeps the reply in its thread (Gmail threadId, Graph's reply endpoint).
   */
  send(session: TokenSession, raw: Buffer, replyTo?: LocatedMessage): Promise<void>;
  /**
   * The message with this Message-ID anywhere in the mailbox, Sent included (Gmail `rfc822msgid:`, Graph
   * `internetMessageId`), or null: to thread a reply, and to ask whether a send cut off by a crash went out.
   */
  locate(session: TokenSession, messageId: string): Promise<LocatedMessage | null>;
}

/** A message at the provider: its id and its thread (Gmail threadId, Graph conversationId). */
export interface LocatedMessage {
  id: string;
  threadId: string;
}

/** Gmail's 404 on an old startHistoryId, Graph's 410 syncStateNotFound: read the window again (Message-IDs keep out duplicates). */
export class StaleCursorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaleCursorError';
  }
}

export interface RemoteRequest extends RequestInit {
  /** Which statuses mean "the cursor is stale". */
  staleOn?: number[];
}

const maxRetryAfterSeconds = 60;
const attempts = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One API call with the session's token: a 401 renews the token once; a 429 or 503 waits its Retry-After (capped)
 * and tries again; other failures become a MailServerError the health line can say in plain words.
 */
export async function remoteFetch(session: TokenSession, url: string, init: RemoteRequest = {}): Promise<Response> {
  let renewed = false;
  for (let attempt = 1; ; attempt += 1) {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${await session.token(renewed)}`);
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      throw new MailServerError(/timeout|abort/i.test(String(error)) ? 'timeout' : 'unreachable', String(error).slice(0, 500));
    }
    if (response.ok) return response;
    const text = (await response.text()).slice(0, 500);
    if (init.staleOn?.includes(response.status)) throw new StaleCursorError(`${response.status} ${text}`);
    if (response.status === 401 && !renewed) {
      renewed = true;
      continue;
    }
    if ((response.status === 429 || response.status === 503) && attempt < attempts) {
      const seconds = Number(response.headers.get('retry-after'));
      await sleep(Math.min(maxRetryAfterSeconds, Number.isFinite(seconds) && seconds >= 0 ? seconds : 2 ** attempt) * 1000);
      continue;
    }
    const where = `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text}`;
    if (response.status === 401 || response.status === 403) throw new MailServerError('authFailed', where);
    if (response.status === 429) throw new MailServerError('quota', where);
    throw new MailServerError(response.status >= 500 ? 'unreachable' : 'rejected', where);
  }
}

export async function remoteJson<T>(session: TokenSession, url: string, init: RemoteRequest = {}): Promise<T> {
  const response = await remoteFetch(session, url, init);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** S256 PKCE (RFC 7636): the challenge sent on the consent page for the verifier kept (encrypted) in the signed state. */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A fetch body as a Node stream (passed through to the browser without buffering). */
export const toReadable = (body: ReadableStream<Uint8Array> | null): Readable => (body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]));
