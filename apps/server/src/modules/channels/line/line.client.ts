import { randomUUID } from 'node:crypto';
import type { LineButtonsTemplate } from '@lodestar/contract';
import type { Config } from '../../../config.ts';

/**
 * A thin client of LINE's Messaging API over fetch (docs/decisions/0014-line-client.md): only the calls
 * Lodestar makes, base URLs from config (LINE_API_URL, LINE_DATA_API_URL) so tests use src/test/line-double.ts.
 */
export class LineApiError extends Error {
  constructor(
    readonly status: number,
    /** LINE's `message` (or OAuth `error_description`), shown to the user inside our localized sentence. */
    readonly lineMessage: string,
    /** A 429's Retry-After, in seconds, when LINE sent one. */
    readonly retryAfter?: number,
  ) {
    super(`LINE answered ${status}: ${lineMessage}`);
    this.name = 'LineApiError';
  }
}

export interface LineBotInfo {
  userId: string;
  basicId: string;
  displayName: string;
  pictureUrl?: string;
  chatMode?: string;
}

export interface LineProfile {
  userId: string;
  displayName: string;
  pictureUrl?: string;
}

export interface LineWebhookTest {
  success: boolean;
  statusCode: number;
  reason: string;
  detail: string;
}

/**
 * A text, optionally with quick-reply buttons (each sends its label back as the friend's message); an image (public
 * HTTPS URLs, line.media.ts); a buttons template with a link (contract: line-messages.ts).
 */
export type LineOutgoing =
  | {
      type: 'text';
      text: string;
      quickReply?: { items: { type: 'action'; action: { type: 'message'; label: string; text: string } }[] };
    }
  | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
  | LineButtonsTemplate;

export interface LineClient {
  /** A stateless channel access token (15 minutes) from the channel ID and secret. */
  issueToken(channelId: string, channelSecret: string): Promise<{ accessToken: string; expiresIn: number }>;
  botInfo(token: string): Promise<LineBotInfo>;
  setWebhook(token: string, endpoint: string): Promise<void>;
  getWebhook(token: string): Promise<{ endpoint: string; active: boolean }>;
  testWebhook(token: string, endpoint: string): Promise<LineWebhookTest>;
  reply(token: string, replyToken: string, messages: LineOutgoing[]): Promise<void>;
  push(token: string, to: string, messages: LineOutgoing[], retryKey?: string): Promise<void>;
  /** One message to up to 500 user ids (LINE's multicast); the retry key makes a retried call deliver once. */
  multicast(token: string, to: string[], messages: LineOutgoing[], retryKey: string): Promise<void>;
  profile(token: string, userId: string): Promise<LineProfile>;
  content(token: string, messageId: string): Promise<{ mimeType: string; data: Buffer }>;
  quota(token: string): Promise<{ limit: number | null; used: number }>;
  /** Rich menus: create (LINE's rich menu object) → upload its image (data API) → set as every user's default. */
  createRichMenu(token: string, menu: LineRichMenuObject): Promise<string>;
  uploadRichMenuImage(token: string, richMenuId: string, mimeType: string, data: Buffer): Promise<void>;
  setDefaultRichMenu(token: string, richMenuId: string): Promise<void>;
  cancelDefaultRichMenu(token: string): Promise<void>;
  deleteRichMenu(token: string, richMenuId: string): Promise<void>;
  /** Marks a friend's message, and every one before it, as read (the friend sees 既讀); needs Chat on at LINE. */
  markAsRead(token: string, markAsReadToken: string): Promise<void>;
}

/** LINE's rich menu object (POST /v2/bot/richmenu). */
export interface LineRichMenuObject {
  size: { width: number; height: number };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: { bounds: { x: number; y: number; width: number; height: number }; action: { type: 'uri'; label: string; uri: string } | { type: 'message'; label: string; text: string } }[];
}

const timeoutMs = 10_000;

/**
 * fetch failed before LINE answered: this server could not reach LINE (DNS, refused or reset connection, no route,
 * TLS, or no answer within timeoutMs). Status 0 with a short reason: the code Node gives (ENOTFOUND, ECONNREFUSED…)
 * or "timeout" — never LINE's fault, so never reported as LINE being down.
 */
function unreachable(error: unknown): LineApiError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return new LineApiError(0, 'timeout');
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
  return new LineApiError(0, code.slice(0, 80));
}

async function lineError(response: Response): Promise<LineApiError> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as { message?: string; error_description?: string; error?: string; details?: { message?: string }[] };
    message = [body.message, body.error, body.error_description, ...(body.details ?? []).map((d) => d.message)].filter(Boolean).join('; ');
  } catch {
    // not JSON: keep the text
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new LineApiError(response.status, message || response.statusText, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

export function createLineClient(config: Pick<Config, 'line'>): LineClient {
  const api = config.line.apiUrl;
  async function request<T>(method: string, url: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    const binary = Buffer.isBuffer(body);
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined && !binary ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: binary ? new Uint8Array(body) : JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable(error);
    }
    if (!response.ok) throw await lineError(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }
  return {
    async issueToken(channelId, channelSecret) {
      let response: Response;
      try {
        response = await fetch(`${api}/oauth2/v3/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: channelId, client_secret: channelSecret }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unreachable(error);
      }
      if (!response.ok) throw await lineError(response);
      const body = (await response.json()) as { access_token: string; expires_in: number };
      return { accessToken: body.access_token, expiresIn: body.expires_in };
    },
    botInfo: (token) => request('GET', `${api}/v2/bot/info`, token),
    async setWebhook(token, endpoint) {
      await request('PUT', `${api}/v2/bot/channel/webhook/endpoint`, token, { endpoint });
    },
    getWebhook: (token) => request('GET', `${api}/v2/bot/channel/webhook/endpoint`, token),
    testWebhook: (token, endpoint) => request('POST', `${api}/v2/bot/channel/webhook/test`, token, { endpoint }),
    async reply(token, replyToken, messages) {
      await request('POST', `${api}/v2/bot/message/reply`, token, { replyToken, messages });
    },
    async push(token, to, messages, retryKey = randomUUID()) {
      // The retry key makes a retried push (after a timeout) deliver once.
      await request('POST', `${api}/v2/bot/message/push`, token, { to, messages }, { 'x-line-retry-key': retryKey });
    },
    async multicast(token, to, messages, retryKey) {
      await request('POST', `${api}/v2/bot/message/multicast`, token, { to, messages }, { 'x-line-retry-key': retryKey });
    },
    profile: (token, userId) => request('GET', `${api}/v2/bot/profile/${encodeURIComponent(userId)}`, token),
    async content(token, messageId) {
      let response: Response;
      try {
        response = await fetch(`${config.line.dataApiUrl}/v2/bot/message/${encodeURIComponent(messageId)}/content`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unreachable(error);
      }
      if (!response.ok) throw await lineError(response);
      return { mimeType: response.headers.get('content-type')?.split(';')[0]?.trim() ?? 'application/octet-stream', data: Buffer.from(await response.arrayBuffer()) };
    },
    async quota(token) {
      const [limit, usage] = await Promise.all([
        request<{ type: 'none' | 'limited'; value?: number }>('GET', `${api}/v2/bot/message/quota`, token),
        request<{ totalUsage: number }>('GET', `${api}/v2/bot/message/quota/consumption`, token),
      ]);
      return { limit: limit.type === 'limited' ? (limit.value ?? 0) : null, used: usage.totalUsage };
    },
    async createRichMenu(token, menu) {
      return (await request<{ richMenuId: string }>('POST', `${api}/v2/bot/richmenu`, token, menu)).richMenuId;
    },
    async uploadRichMenuImage(token, richMenuId, mimeType, data) {
      await request('POST', `${config.line.dataApiUrl}/v2/bot/richmenu/${encodeURIComponent(richMenuId)}/content`, token, data, { 'content-type': mimeType });
    },
    async setDefaultRichMenu(token, richMenuId) {
      await request('POST', `${api}/v2/bot/user/all/richmenu/${encodeURIComponent(richMenuId)}`, token);
    },
    async cancelDefaultRichMenu(token) {
      await request('DELETE', `${api}/v2/bot/user/all/richmenu`, token);
    },
    async markAsRead(token, markAsReadToken) {
      await request('POST', `${api}/v2/bot/chat/markAsRead`, token, { markAsReadToken });
    },
    async deleteRichMenu(token, richMenuId) {
      await request('DELETE', `${api}/v2/bot/richmenu/${encodeURIComponent(richMenuId)}`, token);
    },
  };
}
