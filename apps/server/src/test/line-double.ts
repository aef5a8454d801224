import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { lineMediaUrlAllowed, lineMessageLimits, lineTemplateProblems, type LineButtonsTemplate } from '@lodestar/contract';
import { richMenuDouble, type RichMenuDouble } from './line-double-rich-menu.ts';

/**
 * A local stand-in for LINE's Messaging API (api.line.me and api-data.line.me on one port), speaking the subset
 * Lodestar uses: stateless channel access tokens (POST /oauth2/v3/token, client_credentials), bot info, the
 * webhook endpoint (set, get with its "Use webhook" switch, test — which really POSTs a signed request to it),
 * rich menus (line-double-rich-menu.ts), reply (reply tokens single-use, one minute), push and multicast (1–500 ids; monthly quota; X-Line-Retry-Key: a key already accepted answers
 * 409 with x-line-accepted-request-id; 429 with Retry-After when throttled), profiles, message content and quota.
 * Errors are LINE's shapes: `{ message, details }` (OAuth: `{ error, error_description }`).
 * The phone side: `userSends` signs a webhook request with the channel secret exactly as LINE does and posts it;
 * over HTTP for the journeys: POST /_double/channels/{channelId}/events and …/webhook-active; GET …/sent lists what the
 * account sent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A port free at the time of the call (a test server listens on it, or nothing does: a refused connection). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The journeys' channels, one per journey file. Journeys run side by side, and a channel has one webhook URL (the
 * workspace that set it last receives its events) and one "Use webhook" switch (the wizard turns it off and on).
 */
export const lineJourneyChannels = {
  wizard: { channelId: '2000000101', secret: '0123456789abcdef0123456789abcdef' },
  media: { channelId: '2000000102', secret: '1123456789abcdef0123456789abcdef' },
  segments: { channelId: '2000000103', secret: '2123456789abcdef0123456789abcdef' },
  quotes: { channelId: '2000000104', secret: '3123456789abcdef0123456789abcdef' },
} as const;

/** The journeys' double listens next to the app (E2E_PORT + 7), so the browser tests can play the phone. */
export function lineDoublePort(appPort: number): number {
  return appPort + 7;
}

const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface DoubleChannel {
  channelId: string;
  secret: string;
  botUserId: string;
  endpoint: string | undefined;
  active: boolean;
  quotaLimit: number | null;
  used: number;
  /** "chat": Chat is on in LINE Official Account Manager (messages are marked read only through markAsRead). */
  chatMode: 'bot' | 'chat';
}

export interface PhoneEvent {
  userId: string;
  kind: 'text' | 'sticker' | 'image' | 'file' | 'follow' | 'unfollow';
  text?: string;
  /** A file message's name and bytes (an image's bytes: a small PNG unless given); LINE serves them from its content API. */
  fileName?: string;
  content?: { mimeType: string; data: Buffer };
  /** The name LINE's profile answers for a user it does not know yet. */
  displayName?: string;
  /** Reuse an event id: a redelivery. */
  webhookEventId?: string;
}

export interface LineDouble {
  url: string;
  env: Record<string, string>;
  channels: Map<string, DoubleChannel>;
  /** Messages the official account sent (reply or push). */
  sent: { channelId: string; via: 'reply' | 'push'; to: string; messages: Json[] }[];
  addChannel(channelId?: string, secret?: string): DoubleChannel;
  addUser(userId: string, displayName: string): void;
  /** A phone's action, delivered as LINE delivers it; answers our server's status and the body it sent. */
  userSends(channelId: string, event: PhoneEvent): Promise<{ status: number; body: string; signature: string }>;
  /** LINE having an outage: every API call answers this 5xx until set back to null. */
  setOutage(status: number | null): void;
  /** The next `count` push/multicast (and rich menu creation) calls answer 429 "Too many requests" with this Retry-After (seconds). */
  throttle(count: number, retryAfter: number): void;
  /** Push/multicast requests as received, with their X-Line-Retry-Key (a repeated key included). */
  pushRequests: { path: string; retryKey: string | undefined; status: number }[];
  /** Messages marked read through POST /v2/bot/chat/markAsRead (the friend sees 既讀). */
  readMarks: { channelId: string; userId: string; token: string }[];
  /** Image messages the official account sent, with what LINE got when it fetched their URLs (status, type, bytes). */
  fetchedImages: { url: string; status: number; mimeType: string; bytes: number }[];
  /** A friend's message content is gone at LINE (its retention ended): the content API answers 404. */
  expireContent(messageId: string): void;
  /** The rich menus each channel holds at LINE, and which one is every friend's default. */
  richMenus: RichMenuDouble;
  close(): Promise<void>;
}

export async function startLineDouble(options: { port?: number } = {}): Promise<LineDouble> {
  const channels = new Map<string, DoubleChannel>();
  const tokens = new Map<string, { channelId: string; expiresAt: number }>();
  const replyTokens = new Map<string, { channelId: string; userId: string; issuedAt: number }>();
  const users = new Map<string, string>();
  const sent: LineDouble['sent'] = [];
  let url = '';
  let outage: number | null = null;
  let throttled = { count: 0, retryAfter: 1 };
  /** X-Line-Retry-Key → the request id LINE accepted it under (LINE keeps them 24 hours). */
  const acceptedKeys = new Map<string, string>();
  const pushRequests: LineDouble['pushRequests'] = [];
  const richMenus = richMenuDouble();
  /** markAsReadToken → whose message (LINE's read tokens do not expire). */
  const readTokens = new Map<string, { channelId: string; userId: string }>();
  const readMarks: LineDouble['readMarks'] = [];
  /** LINE message id → the content the friend sent (image, file). */
  const contents = new Map<string, { mimeType: string; data: Buffer }>();
  const fetchedImages: LineDouble['fetchedImages'] = [];

  function addChannel(channelId = String(2_000_000_000 + channels.size + 2), secret = randomBytes(16).toString('hex')): DoubleChannel {
    const channel: DoubleChannel = { channelId, secret, botUserId: `U${randomBytes(16).toString('hex')}`, endpoint: undefined, active: false, quotaLimit: 500, used: 0, chatMode: 'bot' };
    channels.set(channelId, channel);
    return channel;
  }

  function webhookEvent(channel: DoubleChannel, event: PhoneEvent): Json {
    const base: Json = {
      mode: 'active',
      timestamp: Date.now(),
      source: { type: 'user', userId: event.userId },
      webhookEventId: event.webhookEventId ?? `01${randomBytes(12).toString('hex').toUpperCase()}`,
      deliveryContext: { isRedelivery: Boolean(event.webhookEventId) },
    };
    if (event.kind !== 'unfollow') {
      const replyToken = randomBytes(16).toString('hex');
      replyTokens.set(replyToken, { channelId: channel.channelId, userId: event.userId, issuedAt: Date.now() });
      base.replyToken = replyToken;
    }
    const id = String(Date.now()) + String(Math.floor(Math.random() * 1000));
    const markAsReadToken = randomBytes(12).toString('hex');
    readTokens.set(markAsReadToken, { channelId: channel.channelId, userId: event.userId });
    if (event.kind === 'follow') return { ...base, type: 'follow', follow: { isUnblocked: false } };
    if (event.kind === 'unfollow') return { ...base, type: 'unfollow' };
    if (event.kind === 'sticker') return { ...base, type: 'message', message: { id, markAsReadToken, type: 'sticker', packageId: '446', stickerId: '1988', stickerResourceType: 'STATIC' } };
    if (event.kind === 'image') {
      contents.set(id, event.content ?? { mimeType: 'image/png', data: tinyPng });
      return { ...base, type: 'message', message: { id, markAsReadToken, type: 'image', contentProvider: { type: 'line' } } };
    }
    if (event.kind === 'file') {
      const content = event.content ?? { mimeType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%lodestar double\n') };
      contents.set(id, content);
      return { ...base, type: 'message', message: { id, markAsReadToken, type: 'file', fileName: event.fileName ?? 'file.pdf', fileSize: content.data.length } };
    }
    return { ...base, type: 'message', message: { id, markAsReadToken, type: 'text', text: event.text ?? '', quoteToken: randomBytes(8).toString('hex') } };
  }

  async function deliver(channel: DoubleChannel, events: Json[]): Promise<{ status: number; body: string; signature: string }> {
    if (!channel.endpoint) throw new Error('no webhook endpoint set on this channel');
    const body = JSON.stringify({ destination: channel.botUserId, events });
    const signature = createHmac('sha256', channel.secret).update(body).digest('base64');
    const response = await fetch(channel.endpoint, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': signature }, body });
    await response.text();
    return { status: response.status, body, signature };
  }

  async function userSends(channelId: string, event: PhoneEvent) {
    const channel = channels.get(channelId);
    if (!channel) throw new Error(`unknown channel ${channelId}`);
    if (!users.has(event.userId)) users.set(event.userId, event.displayName ?? `User ${event.userId.slice(-4)}`);
    return deliver(channel, [webhookEvent(channel, event)]);
  }

  function send(res: http.ServerResponse, status: number, body: Json, type = 'application/json', headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': type, 'x-line-request-id': randomUUID(), ...headers });
    res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
  }

  function authorized(req: http.IncomingMessage): DoubleChannel | undefined {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const issued = token ? tokens.get(token) : undefined;
    if (!issued || issued.expiresAt < Date.now()) return undefined;
    return channels.get(issued.channelId);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      void handle(req, res, bytes.toString('utf8'), bytes).catch((error: unknown) => send(res, 500, { message: String(error) }));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string, bytes: Buffer): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://double').pathname;
    const method = req.method ?? 'GET';
    const json = (): Json => (raw ? JSON.parse(raw) : {});

    if (outage !== null && !path.startsWith('/_double/')) return send(res, outage, { message: 'Service Unavailable' });

    // ---- the phone and the console (control, not LINE's API) ----
    let match = /^\/_double\/channels\/(\d+)\/(events|webhook-active)$/.exec(path);
    if (match && method === 'POST') {
      const channel = channels.get(match[1]!);
      if (!channel) return send(res, 404, { message: 'unknown channel' });
      if (match[2] === 'webhook-active') {
        channel.active = Boolean(json().active);
        return send(res, 200, {});
      }
      // Over HTTP a picture's or file's bytes come as base64 (contentBase64, contentType).
      const { contentBase64, contentType, ...event } = json() as PhoneEvent & { contentBase64?: string; contentType?: string };
      if (contentBase64) event.content = { mimeType: contentType ?? 'image/png', data: Buffer.from(contentBase64, 'base64') };
      return send(res, 200, await userSends(channel.channelId, event));
    }
    // What the official account sent (reply, push, multicast), for journeys checking delivery at LINE's side.
    match = /^\/_double\/channels\/(\d+)\/rich-menu$/.exec(path);
    if (match && method === 'GET') return send(res, 200, richMenus.defaultOf(match[1]!) ?? { richMenuId: null });
    match = /^\/_double\/channels\/(\d+)\/sent$/.exec(path);
    if (match && method === 'GET') return send(res, 200, { sent: sent.filter((m) => m.channelId === match![1]) });
    match = /^\/pictures\/([^/]+)\.png$/.exec(path);
    if (match) return send(res, 200, tinyPng, 'image/png');

    if (path === '/oauth2/v3/token' && method === 'POST') {
      const form = new URLSearchParams(raw);
      const channel = channels.get(form.get('client_id') ?? '');
      if (form.get('grant_type') !== 'client_credentials' || !channel || channel.secret !== form.get('client_secret')) {
        return send(res, 400, { error: 'invalid_client', error_description: 'Invalid client_id or client_secret' });
      }
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { channelId: channel.channelId, expiresAt: Date.now() + 900_000 });
      return send(res, 200, { token_type: 'Bearer', access_token: token, expires_in: 900 });
    }

    const channel = authorized(req);
    if (!channel) return send(res, 401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });

    if (path === '/v2/bot/info') return send(res, 200, { userId: channel.botUserId, basicId: `@${channel.channelId.slice(-6)}lod`, displayName: 'Lodestar Test Shop', pictureUrl: `${url}/pictures/bot.png`, chatMode: channel.chatMode, markAsReadMode: channel.chatMode === 'chat' ? 'manual' : 'auto' });
    if (path === '/v2/bot/channel/webhook/endpoint') {
      if (method === 'GET') return send(res, 200, { endpoint: channel.endpoint ?? '', active: channel.active });
      const endpoint = String(json().endpoint ?? '');
      if (!endpoint.startsWith('https://') && !endpoint.startsWith('http://')) return send(res, 400, { message: 'The request body has 1 error(s)', details: [{ message: 'Invalid webhook endpoint URL', property: 'endpoint' }] });
      channel.endpoint = endpoint;
      return send(res, 200, {});
    }
    if (path === '/v2/bot/channel/webhook/test' && method === 'POST') {
      const endpoint = String(json().endpoint ?? channel.endpoint ?? '');
      try {
        const result = await deliver({ ...channel, endpoint }, []);
        const success = result.status === 200;
        return send(res, 200, { success, timestamp: new Date().toISOString(), statusCode: result.status, reason: success ? 'OK' : 'ERROR_STATUS_CODE', detail: String(result.status) });
      } catch {
        return send(res, 200, { success: false, timestamp: new Date().toISOString(), statusCode: 0, reason: 'COULD_NOT_CONNECT', detail: 'connection refused' });
      }
    }
    if ((path === '/v2/bot/message/reply' || path === '/v2/bot/message/push' || path === '/v2/bot/message/multicast') && method === 'POST') {
      const body = json();
      const messages = (body.messages ?? []) as Json[];
      if (messages.length === 0 || messages.length > 5) return send(res, 400, { message: 'The request body has 1 error(s)', details: [{ message: 'Size must be between 1 and 5', property: 'messages' }] });
      // Quick replies as LINE checks them: at most 13 buttons, labels of 1–20 characters.
      const quickErrors = messages.flatMap((m: Json, i: number) => {
        const items = (m.quickReply?.items ?? []) as Json[];
        if (items.length > 13) return [{ message: 'Size must be between 0 and 13', property: `messages[${i}].quickReply.items` }];
        return items.flatMap((item: Json, j: number) => {
          const label = String(item?.action?.label ?? '');
          return label.length < 1 || label.length > 20 ? [{ message: 'Length must be between 1 and 20', property: `messages[${i}].quickReply.items[${j}].action.label` }] : [];
        });
      });
      if (quickErrors.length > 0) return send(res, 400, { message: `The request body has ${quickErrors.length} error(s)`, details: quickErrors });
      // Image messages and buttons templates as LINE checks them (contract line-messages.ts states the same rules).
      const shapeErrors = messages.flatMap((m: Json, i: number) => messageProblems(m).map((property) => ({ message: 'Invalid value', property: `messages[${i}].${property}` })));
      if (shapeErrors.length > 0) return send(res, 400, { message: `The request body has ${shapeErrors.length} error(s)`, details: shapeErrors });
      // LINE fetches an image's URL when the friend's app shows it: the double fetches it now (a public URL, no credentials).
      for (const m of messages.filter((m: Json) => m.type === 'image')) await fetchImage(String(m.originalContentUrl));
      if (path.endsWith('/reply')) {
        const token = replyTokens.get(String(body.replyToken));
        replyTokens.delete(String(body.replyToken));
        if (!token || token.channelId !== channel.channelId || token.issuedAt < Date.now() - 60_000) return send(res, 400, { message: 'Invalid reply token' });
        sent.push({ channelId: channel.channelId, via: 'reply', to: token.userId, messages });
        return send(res, 200, { sentMessages: messages.map(() => ({ id: randomUUID(), quoteToken: randomBytes(8).toString('hex') })) });
      }
      const retryKey = typeof req.headers['x-line-retry-key'] === 'string' ? req.headers['x-line-retry-key'] : undefined;
      const answer = (status: number, payload: Json, headers: Record<string, string> = {}) => {
        pushRequests.push({ path, retryKey, status });
        send(res, status, payload, 'application/json', headers);
      };
      // LINE: a key it already accepted answers 409 with the first request's id, and nothing is sent again.
      const accepted = retryKey ? acceptedKeys.get(`${channel.channelId}:${retryKey}`) : undefined;
      if (accepted) return answer(409, { message: 'The retry key is already accepted', sentMessages: [] }, { 'x-line-accepted-request-id': accepted });
      if (retryKey && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(retryKey)) {
        return answer(400, { message: 'The value for the \'X-Line-Retry-Key\' header is invalid' });
      }
      if (throttled.count > 0) {
        throttled.count -= 1;
        return answer(429, { message: 'Too many requests' }, { 'retry-after': String(throttled.retryAfter) });
      }
      // Multicast: 1–500 user ids, each message counted per recipient against the monthly quota (LINE's rules).
      const recipients: string[] = path.endsWith('/multicast') ? (Array.isArray(body.to) ? body.to.map(String) : []) : [String(body.to)];
      if (path.endsWith('/multicast') && (recipients.length < 1 || recipients.length > 500)) {
        return answer(400, { message: 'The request body has 1 error(s)', details: [{ message: 'Size must be between 1 and 500', property: 'to' }] });
      }
      if (channel.quotaLimit !== null && channel.used + recipients.length > channel.quotaLimit) return answer(429, { message: 'You have reached your monthly limit.' });
      if (!path.endsWith('/multicast') && !users.has(recipients[0]!)) return answer(400, { message: 'Failed to send messages' });
      channel.used += recipients.length;
      const requestId = randomUUID();
      if (retryKey) acceptedKeys.set(`${channel.channelId}:${retryKey}`, requestId);
      // LINE's multicast sends nothing to an id that is not a friend, without an error.
      for (const to of recipients) if (users.has(to)) sent.push({ channelId: channel.channelId, via: 'push', to, messages });
      if (path.endsWith('/multicast')) return answer(200, {}, { 'x-line-request-id': requestId });
      return answer(200, { sentMessages: messages.map(() => ({ id: randomUUID() })) }, { 'x-line-request-id': requestId });
    }
    match = /^\/v2\/bot\/profile\/([^/]+)$/.exec(path);
    if (match) {
      const name = users.get(decodeURIComponent(match[1]!));
      if (!name) return send(res, 404, { message: 'Not found' });
      return send(res, 200, { userId: match[1], displayName: name, pictureUrl: `${url}/pictures/${match[1]}.png`, language: 'zh-TW' });
    }
    match = /^\/v2\/bot\/message\/([^/]+)\/content$/.exec(path);
    if (match) {
      const content = contents.get(decodeURIComponent(match[1]!));
      if (!content) return send(res, 404, { message: 'Not found' });
      return send(res, 200, content.data, content.mimeType);
    }
    if (path === '/v2/bot/chat/markAsRead' && method === 'POST') {
      const token = json().markAsReadToken;
      if (typeof token !== 'string' || !token) return send(res, 400, { message: 'The request body has 1 error(s)', details: [{ message: 'must be specified', property: 'markAsReadToken' }] });
      const owner = readTokens.get(token);
      if (!owner || owner.channelId !== channel.channelId) return send(res, 400, { message: 'Invalid markAsReadToken' });
      readMarks.push({ ...owner, token });
      return send(res, 200, {});
    }
    if (throttled.count > 0 && method === 'POST' && path === '/v2/bot/richmenu') {
      throttled.count -= 1;
      return send(res, 429, { message: 'Too many requests' }, 'application/json', { 'retry-after': String(throttled.retryAfter) });
    }
    const richMenuAnswer = richMenus.handle(channel.channelId, method, path, String(req.headers['content-type'] ?? ''), raw, bytes);
    if (richMenuAnswer) return send(res, richMenuAnswer.status, richMenuAnswer.body);
    if (path === '/v2/bot/message/quota') return send(res, 200, channel.quotaLimit === null ? { type: 'none' } : { type: 'limited', value: channel.quotaLimit });
    if (path === '/v2/bot/message/quota/consumption') return send(res, 200, { totalUsage: channel.used });
    return send(res, 404, { message: 'Not found' });
  }

  function messageProblems(m: Json): string[] {
    if (m?.type === 'text') return typeof m.text === 'string' && m.text.length >= 1 && m.text.length <= lineMessageLimits.textMax ? [] : ['text'];
    if (m?.type === 'image') {
      return (['originalContentUrl', 'previewImageUrl'] as const).filter((key) => typeof m[key] !== 'string' || !lineMediaUrlAllowed(m[key]));
    }
    if (m?.type === 'template') return m.template?.type === 'buttons' ? lineTemplateProblems(m as LineButtonsTemplate) : ['template.type'];
    return ['type'];
  }

  async function fetchImage(imageUrl: string): Promise<void> {
    try {
      const response = await fetch(imageUrl, { signal: AbortSignal.timeout(5000) });
      const data = Buffer.from(await response.arrayBuffer());
      fetchedImages.push({ url: imageUrl, status: response.status, mimeType: response.headers.get('content-type') ?? '', bytes: data.length });
    } catch {
      fetchedImages.push({ url: imageUrl, status: 0, mimeType: '', bytes: 0 });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { LINE_API_URL: url, LINE_DATA_API_URL: url },
    channels,
    sent,
    addChannel,
    addUser: (userId, displayName) => users.set(userId, displayName),
    userSends,
    setOutage: (status) => {
      outage = status;
    },
    throttle: (count, retryAfter) => {
      throttled = { count, retryAfter };
    },
    pushRequests,
    richMenus,
    readMarks,
    fetchedImages,
    expireContent: (messageId) => contents.delete(messageId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
