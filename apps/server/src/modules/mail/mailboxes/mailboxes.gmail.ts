import { Readable } from 'node:stream';
import type { CalendarProviderConfig } from '../../../config.ts';
import { idTokenClaims, tokenRequest } from '../../../platform/oauth-client.ts';
import { remoteFetch, remoteJson, type MailApi } from './mailboxes.remote.ts';

/**
 * The Gmail API v1 (users.messages list/get/send, users.history.list, users.getProfile) and Google's OAuth 2.0
 * endpoints, with the calendar's client (config google). A full read lists `after:<backfill>` page by page, noting
 * the profile's historyId first; then history.list from that id (messageAdded), and a 404 on a forgotten id starts over.
 */
const scopes = ['openid', 'email', 'https://www.googleapis.com/auth/gmail.readonly', 'https://www.googleapis.com/auth/gmail.send'];
const pageSize = 100;

interface GmailCursor {
  /** full: listing the window (pageToken), history: incremental from historyId. */
  phase: 'full' | 'history';
  historyId: string;
  pageToken?: string;
}

export function createGmailApi(settings: CalendarProviderConfig): MailApi {
  const api = `${settings.apiUrl}/gmail/v1/users/me`;
  return {
    provider: 'gmail',
    authorizeUrl(state, challenge, redirectUri) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, codeVerifier, redirectUri) {
      const { tokens } = await tokenRequest(settings, { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri });
      const email = idTokenClaims(tokens.idToken).email;
      if (typeof email !== 'string') throw new Error('Google answered without the account e-mail');
      return { tokens, email: email.toLowerCase() };
    },
    async refresh(refreshToken) {
      return (await tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken })).tokens;
    },
    async page(session, stored, since) {
      let cursor = stored as GmailCursor | null;
      if (!cursor) {
        const profile = await remoteJson<{ historyId: string }>(session, `${api}/profile`);
        cursor = { phase: 'full', historyId: profile.historyId };
      }
      if (cursor.phase === 'full') {
        const query = new URLSearchParams({ q: `after:${Math.floor(since.getTime() / 1000)}`, maxResults: String(pageSize), ...(cursor.pageToken ? { pageToken: cursor.pageToken } : {}) });
        const answer = await remoteJson<{ messages?: { id: string }[]; nextPageToken?: string }>(session, `${api}/messages?${query}`);
        const refs = (answer.messages ?? []).map((m) => ({ id: m.id, addresses: null }));
        if (answer.nextPageToken) return { refs, cursor: { ...cursor, pageToken: answer.nextPageToken }, done: false };
        return { refs, cursor: { phase: 'history', historyId: cursor.historyId }, done: true };
      }
      const query = new URLSearchParams({ startHistoryId: cursor.historyId, historyTypes: 'messageAdded', maxResults: String(pageSize), ...(cursor.pageToken ? { pageToken: cursor.pageToken } : {}) });
      const answer = await remoteJson<{ history?: { messagesAdded?: { message: { id: string } }[] }[]; nextPageToken?: string; historyId: string }>(
        session,
        `${api}/history?${query}`,
        { staleOn: [404] },
      );
      const ids = [...new Set((answer.history ?? []).flatMap((h) => (h.messagesAdded ?? []).map((added) => added.message.id)))];
      const refs = ids.map((id) => ({ id, addresses: null }));
      // The next page keeps the start id; the last page's historyId is where the next run starts.
      if (answer.nextPageToken) return { refs, cursor: { ...cursor, pageToken: answer.nextPageToken }, done: false };
      return { refs, cursor: { phase: 'history', historyId: answer.historyId }, done: true };
    },
    async addresses(session, id) {
      const query = new URLSearchParams({ format: 'metadata' });
      for (const header of ['From', 'To', 'Cc', 'Bcc', 'Sender']) query.append('metadataHeaders', header);
      const message = await remoteJson<{ payload?: { headers?: { name: string; value: string }[] } }>(session, `${api}/messages/${encodeURIComponent(id)}?${query}`);
      return (message.payload?.headers ?? []).flatMap((header) => addressesIn(header.value));
    },
    async raw(session, id) {
      const message = await remoteJson<{ raw: string }>(session, `${api}/messages/${encodeURIComponent(id)}?format=raw`);
      return Buffer.from(message.raw, 'base64url');
    },
    async attachments(session, id) {
      const message = await remoteJson<{ payload?: GmailPart }>(session, `${api}/messages/${encodeURIComponent(id)}?format=full`);
      return message.payload ? gmailAttachmentParts(message.payload) : [];
    },
    async attachment(session, id, attachmentId) {
      const body = await remoteJson<{ data?: string }>(session, `${api}/messages/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}`);
      return Readable.from([Buffer.from(body.data ?? '', 'base64url')]);
    },
    async send(session, raw, replyTo) {
      // Gmail files a sent message in the thread named by threadId only (its In-Reply-To/References and Subject must fit it).
      const body = { raw: raw.toString('base64url'), ...(replyTo ? { threadId: replyTo.threadId } : {}) };
      await remoteFetch(session, `${api}/messages/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    },
    async locate(session, messageId) {
      const query = new URLSearchParams({ q: `rfc822msgid:${messageId}`, includeSpamTrash: 'true', maxResults: '1' });
      const answer = await remoteJson<{ messages?: { id: string; threadId: string }[] }>(session, `${api}/messages?${query}`);
      const found = answer.messages?.[0];
      return found ? { id: found.id, threadId: found.threadId } : null;
    },
  };
}

interface GmailPart {
  filename?: string;
  body?: { attachmentId?: string };
  parts?: GmailPart[];
}

/** The parts of a `format=full` payload that are files (a name and an attachment id), in MIME order. */
function gmailAttachmentParts(part: GmailPart): { id: string; filename: string }[] {
  const own = part.filename && part.body?.attachmentId ? [{ id: part.body.attachmentId, filename: part.filename }] : [];
  return [...own, ...(part.parts ?? []).flatMap(gmailAttachmentParts)];
}

/** The addresses of a header value ("A <a@x.tw>, b@y.tw"), lower-cased. */
export function addressesIn(value: string): string[] {
  return (value.match(/[^\s<>,;"']+@[^\s<>,;"']+/g) ?? []).map((address) => address.toLowerCase());
}
