import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';

/**
 * A local stand-in for Google (OAuth 2.0 with PKCE + Gmail API v1) and Microsoft (identity platform with PKCE +
 * Graph v1.0 mail), speaking the HTTP subset Lodestar uses: authorize redirects, the token endpoint
 * (authorization_code checked against the S256 challenge, refresh_token, invalid_grant once revoked), 401 on an
 * expired access token; Gmail users.getProfile, messages.list (q=after:, pageToken), messages.get (metadata, raw),
 * history.list (startHistoryId, pageToken, 404 once the id is too old), messages.send (threadId honoured only when
 * In-Reply-To/References and Subject fit the thread, as Gmail's), messages.list q=rfc822msgid:; Graph /me, messages delta per
 * folder (@odata.nextLink pages, @odata.deltaLink, 410 syncStateNotFound once expired, a 429 with Retry-After on
 * demand), /$value, sendMail and messages/{id}/reply (MIME, base64: reply stays in the original's conversation),
 * messages $filter=internetMessageId; every message keeps its thread (Gmail threadId / Graph conversationId); attachments of a message: Gmail messages.get format=full (parts with
 * filename and body.attachmentId) and users.messages.attachments.get (base64url data), Graph /attachments (fileAttachment
 * id, name) and /attachments/{id}/$value (the bytes), each counted in `attachmentReads`. Paths as the calendar double's (test/calendar-providers-double.ts):
 * GOOGLE_OAUTH_URL=<base>/google/oauth/authorize, GOOGLE_TOKEN_URL=<base>/google/token, GOOGLE_API_URL=<base>/google,
 * MICROSOFT_LOGIN_URL=<base>/microsoft, MICROSOFT_GRAPH_URL=<base>/graph.
 */
export interface DoubleMessage {
  id: string;
  raw: string;
  /** Gmail history id / Graph change sequence at which it arrived. */
  seq: number;
  folder: 'inbox' | 'sentitems';
  receivedAt: Date;
  /** Its Message-ID header, without the angle brackets. */
  messageId: string;
  /** Gmail threadId / Graph conversationId: see `deliver`. */
  threadId: string;
}

interface ProviderState {
  email: string;
  codes: Map<string, { challenge: string; redirectUri: string }>;
  accessTokens: Map<string, number>;
  refreshTokens: Set<string>;
  messages: DoubleMessage[];
  sent: string[];
  seq: number;
  /** Cursors (history ids / delta tokens) below this are forgotten: 404 (Gmail) or 410 (Graph). */
  oldestValid: number;
  /** Answer the next N API calls with 429 Retry-After: 1. */
  throttleNext: number;
  requests: { method: string; path: string }[];
  /** Attachment bodies served (attachments.get, attachments/{id}/$value). */
  attachmentReads: number;
}

export interface MailProvidersDouble {
  url: string;
  gmail: ProviderState;
  outlook: ProviderState;
  config(): Record<string, string>;
  /** "Mail arrived there" (or "the user sent it there"). */
  deliver(provider: 'gmail' | 'outlook', raw: string, folder?: 'inbox' | 'sentitems', receivedAt?: Date): DoubleMessage;
  /** Every access token expires now (the next call answers 401). */
  expireAccessTokens(provider: 'gmail' | 'outlook'): void;
  /** The user revoked the app: refresh tokens answer invalid_grant. */
  revoke(provider: 'gmail' | 'outlook'): void;
  /** The provider forgets every cursor handed out so far. */
  forgetCursors(provider: 'gmail' | 'outlook'): void;
  close(): Promise<void>;
}


function state(email: string): ProviderState {
  return { email, codes: new Map(), accessTokens: new Map(), refreshTokens: new Set(), messages: [], sent: [], seq: 100, oldestValid: 0, throttleNext: 0, requests: [], attachmentReads: 0 };
}

/** A header's value, folded lines joined (RFC 5322 2.2.3: References folds when long). */
const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec((raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
const idsIn = (value: string) => (value.match(/<[^<>\s]+>/g) ?? []).map((id) => id.slice(1, -1));
const bareSubject = (subject: string) => subject.replace(/^\s*((re|fw|fwd|回覆|轉寄)\s*[:：]\s*)+/i, '').trim();

/** pageSize: items per page at most (small in tests, so paging is exercised; the bench uses the clients' own 100). */
export async function startMailProvidersDouble(emails: { gmail: string; outlook: string }, { pageSize = 2 }: { pageSize?: number } = {}): Promise<MailProvidersDouble> {
  const providers = { gmail: state(emails.gmail), outlook: state(emails.outlook) };
  let base = '';

  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const issueTokens = (p: ProviderState) => {
    const access = randomBytes(12).toString('hex');
    const refresh = randomBytes(12).toString('hex');
    p.accessTokens.set(access, Date.now() + 3600_000);
    p.refreshTokens.add(refresh);
    const idToken = `e30.${Buffer.from(JSON.stringify({ email: p.email, name: 'Sam' })).toString('base64url')}.sig`;
    return { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer', id_token: idToken };
  };
  const authorized = (p: ProviderState, request: http.IncomingMessage) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    return (p.accessTokens.get(token) ?? 0) > Date.now();
  };

  async function tokenEndpoint(p: ProviderState, form: URLSearchParams, response: http.ServerResponse) {
    if (form.get('grant_type') === 'authorization_code') {
      const code = p.codes.get(form.get('code') ?? '');
      p.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!code || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri')) return json(response, 400, { error: 'invalid_grant', error_description: 'code or PKCE verifier does not match' });
      return json(response, 200, issueTokens(p));
    }
    if (form.get('grant_type') === 'refresh_token' && p.refreshTokens.has(form.get('refresh_token') ?? '')) {
      const tokens = issueTokens(p);
      p.refreshTokens.delete(tokens.refresh_token);
      return json(response, 200, { ...tokens, refresh_token: undefined });
    }
    return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  }

  function authorize(p: ProviderState, url: URL, response: http.ServerResponse) {
    if (url.searchParams.get('code_challenge_method') !== 'S256') return json(response, 400, { error: 'invalid_request' });
    const code = randomBytes(8).toString('hex');
    p.codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '' });
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  /** A message's files as the providers list them: id att<N> in MIME order, the decoded name, the bytes. */
  const filesOf = async (raw: string) => (await simpleParser(raw)).attachments.map((a, index) => ({ id: `att${index}`, name: a.filename ?? '', contentType: a.contentType, content: a.content }));

  /** Gmail format=full / attachments.get and Graph /attachments: answered after parsing the MIME (hence async). */
  async function attachments(provider: 'gmail' | 'outlook', path: string, url: URL, response: http.ServerResponse): Promise<boolean> {
    const p = providers[provider];
    const match = provider === 'gmail' ? /^\/messages\/([^/]+)(?:\/attachments\/([^/]+))?$/.exec(path) : /^\/me\/messages\/([^/]+)\/attachments(?:\/([^/]+)\/\$value)?$/.exec(path);
    if (!match || (provider === 'gmail' && !match[2] && url.searchParams.get('format') !== 'full')) return false;
    const message = p.messages.find((m) => m.id === decodeURIComponent(match[1]!));
    if (!message) return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.' } }), true;
    const files = await filesOf(message.raw);
    if (!match[2]) {
      if (provider === 'gmail') json(response, 200, { id: message.id, payload: { mimeType: 'multipart/mixed', filename: '', parts: [{ partId: '0', mimeType: 'text/plain', filename: '', body: { size: 1 } }, ...files.map((f, i) => ({ partId: String(i + 1), mimeType: f.contentType, filename: f.name, body: { attachmentId: f.id, size: f.content.length } }))] } });
      else json(response, 200, { value: files.map((f) => ({ '@odata.type': '#microsoft.graph.fileAttachment', id: f.id, name: f.name, contentType: f.contentType, size: f.content.length })) });
      return true;
    }
    const file = files.find((f) => f.id === decodeURIComponent(match[2]!));
    if (!file) return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.' } }), true;
    p.attachmentReads += 1;
    if (provider === 'gmail') json(response, 200, { size: file.content.length, data: file.content.toString('base64url') });
    else {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(file.content);
    }
    return true;
  }

  function gmail(url: URL, method: string, body: string, response: http.ServerResponse) {
    const p = providers.gmail;
    const path = url.pathname.replace('/google/gmail/v1/users/me', '');
    if (path === '/profile') return json(response, 200, { emailAddress: p.email, historyId: String(p.seq) });
    const byMessageId = /rfc822msgid:<?([^\s>]+)>?/.exec(url.searchParams.get('q') ?? '')?.[1];
    if (path === '/messages' && method === 'GET' && byMessageId) {
      const found = p.messages.filter((m) => m.messageId === byMessageId).map((m) => ({ id: m.id, threadId: m.threadId }));
      return json(response, 200, { ...(found.length > 0 ? { messages: found } : {}), resultSizeEstimate: found.length });
    }
    if (path === '/messages' && method === 'GET') {
      const after = Number(/after:(\d+)/.exec(url.searchParams.get('q') ?? '')?.[1] ?? 0) * 1000;
      const all = p.messages.filter((m) => m.receivedAt.getTime() > after).sort((a, b) => b.seq - a.seq);
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const page = all.slice(start, start + pageSize);
      return json(response, 200, { messages: page.map((m) => ({ id: m.id, threadId: m.threadId })), resultSizeEstimate: all.length, ...(start + pageSize < all.length ? { nextPageToken: String(start + pageSize) } : {}) });
    }
    if (path === '/history') {
      const startId = Number(url.searchParams.get('startHistoryId'));
      if (!Number.isFinite(startId) || startId < p.oldestValid) return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
      const added = p.messages.filter((m) => m.seq > startId).sort((a, b) => a.seq - b.seq);
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      const page = added.slice(offset, offset + pageSize);
      const history = page.map((m) => ({ id: String(m.seq), messagesAdded: [{ message: { id: m.id, threadId: m.threadId, labelIds: [m.folder === 'inbox' ? 'INBOX' : 'SENT'] } }] }));
      return json(response, 200, { history, historyId: String(p.seq), ...(offset + pageSize < added.length ? { nextPageToken: String(offset + pageSize) } : {}) });
    }
    if (path === '/messages/send' && method === 'POST') {
      const request = JSON.parse(body) as { raw: string; threadId?: string };
      const raw = Buffer.from(request.raw, 'base64url').toString('utf8');
      const thread = request.threadId === undefined ? undefined : p.messages.filter((m) => m.threadId === request.threadId);
      if (thread?.length === 0) return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
      p.sent.push(raw);
      // Gmail keeps it in threadId only when its In-Reply-To/References name a message of that thread and the
      // Subject matches; otherwise (or without threadId) the sent message starts a thread of its own.
      const named = new Set(idsIn(`${headerOf(raw, 'In-Reply-To')} ${headerOf(raw, 'References')}`));
      const fits = thread !== undefined && thread.some((m) => named.has(m.messageId)) && bareSubject(headerOf(raw, 'Subject')) === bareSubject(headerOf(thread[0]!.raw, 'Subject'));
      const message = deliverTo('gmail', raw, 'sentitems', new Date(), fits ? request.threadId : null);
      return json(response, 200, { id: message.id, threadId: message.threadId, labelIds: ['SENT'] });
    }
    const one = /^\/messages\/([^/]+)$/.exec(path);
    const message = one && p.messages.find((m) => m.id === decodeURIComponent(one[1]!));
    if (!message) return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
    if (url.searchParams.get('format') === 'raw') return json(response, 200, { id: message.id, raw: Buffer.from(message.raw).toString('base64url') });
    const wanted = url.searchParams.getAll('metadataHeaders');
    return json(response, 200, { id: message.id, payload: { headers: wanted.map((name) => ({ name, value: headerOf(message.raw, name) })).filter((h) => h.value) } });
  }

  const graphRecipients = (value: string) => (value.match(/[^\s<>,;"']+@[^\s<>,;"']+/g) ?? []).map((address) => ({ emailAddress: { address } }));

  function graph(url: URL, method: string, body: string, request: http.IncomingMessage, response: http.ServerResponse) {
    const p = providers.outlook;
    const path = url.pathname.replace('/graph/v1.0', '');
    if (path === '/me') return json(response, 200, { displayName: 'Sam', mail: p.email, userPrincipalName: p.email });
    const byMessageId = /^internetMessageId eq '(.*)'$/.exec(url.searchParams.get('$filter') ?? '')?.[1]?.replaceAll("''", "'");
    if (path === '/me/messages' && method === 'GET' && byMessageId !== undefined) {
      return json(response, 200, { value: p.messages.filter((m) => `<${m.messageId}>` === byMessageId).map((m) => ({ id: m.id, conversationId: m.threadId })) });
    }
    const reply = /^\/me\/messages\/([^/]+)\/reply$/.exec(path);
    if ((reply || path === '/me/sendMail') && method === 'POST') {
      if (!/^text\/plain/.test(String(request.headers['content-type']))) return json(response, 415, { error: { code: 'UnsupportedMediaType' } });
      const original = reply ? p.messages.find((m) => m.id === decodeURIComponent(reply[1]!)) : undefined;
      if (reply && !original) return json(response, 404, { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' } });
      const mime = Buffer.from(body, 'base64').toString('utf8');
      p.sent.push(mime);
      // reply files it in the original's conversation; sendMail starts a conversation of its own.
      deliverTo('outlook', mime, 'sentitems', new Date(), original?.threadId ?? null);
      response.writeHead(202);
      return response.end();
    }
    const delta = /^\/me\/mailFolders\/(inbox|sentitems)\/messages\/delta$/.exec(path);
    if (delta) {
      const folder = delta[1] as 'inbox' | 'sentitems';
      const deltaToken = url.searchParams.get('$deltatoken');
      if (deltaToken !== null && Number(deltaToken) < p.oldestValid) return json(response, 410, { error: { code: 'syncStateNotFound', message: 'The sync state generation is not found.' } });
      const since = Number(deltaToken ?? 0);
      const filter = /receivedDateTime ge (\S+)/.exec(url.searchParams.get('$filter') ?? '')?.[1];
      const all = p.messages.filter((m) => m.folder === folder && m.seq > since && (!filter || m.receivedAt >= new Date(filter))).sort((a, b) => a.seq - b.seq);
      const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? pageSize);
      const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
      const page = all.slice(skip, skip + Math.min(size, pageSize));
      const value = page.map((m) => ({
        id: m.id,
        from: graphRecipients(headerOf(m.raw, 'From'))[0],
        toRecipients: graphRecipients(headerOf(m.raw, 'To')),
        ccRecipients: graphRecipients(headerOf(m.raw, 'Cc')),
        conversationId: m.threadId,
        receivedDateTime: m.receivedAt.toISOString(),
      }));
      const link = (params: Record<string, string>) => `${base}/graph/v1.0${path}?${new URLSearchParams({ ...(deltaToken !== null ? { $deltatoken: deltaToken } : {}), ...(filter ? { $filter: `receivedDateTime ge ${filter}` } : {}), ...params })}`;
      if (skip + pageSize < all.length) return json(response, 200, { value, '@odata.nextLink': link({ $skiptoken: String(skip + pageSize) }) });
      return json(response, 200, { value, '@odata.deltaLink': `${base}/graph/v1.0${path}?$deltatoken=${p.seq}` });
    }
    const raw = /^\/me\/messages\/([^/]+)\/\$value$/.exec(path);
    if (raw) {
      const message = p.messages.find((m) => m.id === decodeURIComponent(raw[1]!));
      if (!message) return json(response, 404, { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' } });
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(message.raw);
    }
    return json(response, 404, { error: { code: 'ResourceNotFound', message: 'Resource not found' } });
  }

  /**
   * thread: the thread a send was filed in (null: a new one). Unset (mail arriving, or put there by a test): the
   * thread of a message its In-Reply-To/References name, else a new one — as both providers group incoming mail.
   */
  function deliverTo(provider: 'gmail' | 'outlook', raw: string, folder: 'inbox' | 'sentitems' = 'inbox', receivedAt = new Date(), thread?: string | null): DoubleMessage {
    const p = providers[provider];
    p.seq += 1;
    const id = `${provider[0]}${p.seq}-${randomBytes(3).toString('hex')}`;
    const named = new Set(idsIn(`${headerOf(raw, 'In-Reply-To')} ${headerOf(raw, 'References')}`));
    const threadId = thread === undefined ? (p.messages.find((m) => named.has(m.messageId))?.threadId ?? id) : (thread ?? id);
    const message = { id, raw, seq: p.seq, folder, receivedAt, messageId: idsIn(headerOf(raw, 'Message-ID'))[0] ?? id, threadId };
    p.messages.push(message);
    return message;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      const method = request.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const provider = url.pathname.startsWith('/google') ? providers.gmail : providers.outlook;
      provider.requests.push({ method, path: url.pathname + url.search });
      if (url.pathname === '/google/oauth/authorize') return authorize(providers.gmail, url, response);
      if (url.pathname === '/microsoft/oauth2/v2.0/authorize') return authorize(providers.outlook, url, response);
      if (url.pathname === '/google/token' || url.pathname === '/microsoft/oauth2/v2.0/token') return void tokenEndpoint(provider, new URLSearchParams(body), response);
      if (!authorized(provider, request)) return json(response, 401, { error: { code: provider === providers.gmail ? 401 : 'InvalidAuthenticationToken', message: 'Access token has expired.' } });
      if (provider.throttleNext > 0) {
        provider.throttleNext -= 1;
        return json(response, 429, { error: { code: 'TooManyRequests', message: 'Please retry after' } }, { 'retry-after': '1' });
      }
      const gmailPath = url.pathname.startsWith('/google/gmail/v1/users/me') ? url.pathname.replace('/google/gmail/v1/users/me', '') : null;
      const graphPath = url.pathname.startsWith('/graph/v1.0') ? url.pathname.replace('/graph/v1.0', '') : null;
      void attachments(gmailPath !== null ? 'gmail' : 'outlook', gmailPath ?? graphPath ?? '', url, response).then((answered) => {
        if (answered) return;
        if (gmailPath !== null) return gmail(url, method, body, response);
        if (graphPath !== null) return graph(url, method, body, request, response);
        json(response, 404, { error: 'not found' });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    gmail: providers.gmail,
    outlook: providers.outlook,
    config: () => ({
      GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_OAUTH_URL: `${base}/google/oauth/authorize`, GOOGLE_TOKEN_URL: `${base}/google/token`, GOOGLE_API_URL: `${base}/google`,
      MICROSOFT_CLIENT_ID: 'ms-client', MICROSOFT_CLIENT_SECRET: 'ms-secret', MICROSOFT_LOGIN_URL: `${base}/microsoft`, MICROSOFT_GRAPH_URL: `${base}/graph`,
    }),
    deliver: deliverTo,
    expireAccessTokens: (provider) => providers[provider].accessTokens.clear(),
    revoke: (provider) => providers[provider].refreshTokens.clear(),
    forgetCursors: (provider) => {
      providers[provider].oldestValid = providers[provider].seq + 1;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
