import type { CalendarProviderConfig } from '../../../config.ts';
import { tokenRequest } from '../../../platform/oauth-client.ts';
import { remoteFetch, remoteJson, toReadable, type MailApi, type TokenSession } from './mailboxes.remote.ts';

/**
 * Microsoft Graph v1.0 mail (messages delta per folder, /$value MIME, sendMail with MIME) and the identity
 * platform's OAuth 2.0 endpoints, with the calendar's client (config outlook). Each folder (Inbox, Sent Items) is
 * read with delta: @odata.nextLink pages, then an @odata.deltaLink kept for the next run; a 410 (syncStateNotFound)
 * starts over. A 429's Retry-After is waited out by remoteFetch.
 */
const scopes = ['offline_access', 'openid', 'email', 'profile', 'User.Read', 'Mail.Read', 'Mail.Send'];
const folders = ['inbox', 'sentitems'] as const;
const pageSize = 100;

interface GraphCursor {
  /** Index into `folders` of the folder being read. */
  folder: number;
  /** The next page of the current folder's round (nextLink), if in the middle of one. */
  next?: string;
  /** Per folder, the deltaLink of its last finished round. */
  delta: Record<string, string>;
}

interface GraphRecipient {
  emailAddress?: { address?: string };
}
interface GraphMessage {
  id: string;
  '@removed'?: unknown;
  from?: GraphRecipient;
  sender?: GraphRecipient;
  toRecipients?: GraphRecipient[];
  ccRecipients?: GraphRecipient[];
  bccRecipients?: GraphRecipient[];
}

const addressesOf = (message: GraphMessage) =>
  [message.from, message.sender, ...(message.toRecipients ?? []), ...(message.ccRecipients ?? []), ...(message.bccRecipients ?? [])].flatMap((r) =>
    r?.emailAddress?.address ? [r.emailAddress.address.toLowerCase()] : [],
  );

export function createGraphApi(settings: CalendarProviderConfig): MailApi {
  const api = `${settings.apiUrl}/v1.0`;
  const select = 'from,sender,toRecipients,ccRecipients,bccRecipients,receivedDateTime';
  const firstUrl = (folder: string, since: Date) =>
    `${api}/me/mailFolders/${folder}/messages/delta?${new URLSearchParams({ $select: select, $filter: `receivedDateTime ge ${since.toISOString()}` })}`;
  const me = (session: TokenSession) => remoteJson<{ mail?: string | null; userPrincipalName?: string }>(session, `${api}/me`);
  return {
    provider: 'outlook',
    authorizeUrl(state, challenge, redirectUri) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        response_mode: 'query',
        scope: scopes.join(' '),
        prompt: 'select_account',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, codeVerifier, redirectUri) {
      const { tokens } = await tokenRequest(settings, { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri, scope: scopes.join(' ') });
      const profile = await me({ token: async () => tokens.accessToken });
      const email = profile.mail ?? profile.userPrincipalName;
      if (!email) throw new Error('Graph answered without the account e-mail');
      return { tokens, email: email.toLowerCase() };
    },
    async refresh(refreshToken) {
      return (await tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken, scope: scopes.join(' ') })).tokens;
    },
    async page(session, stored, since) {
      const cursor = (stored as GraphCursor | null) ?? { folder: 0, delta: {} };
      const folder = folders[cursor.folder] ?? folders[0];
      const url = cursor.next ?? cursor.delta[folder] ?? firstUrl(folder, since);
      const answer = await remoteJson<{ value?: GraphMessage[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string }>(session, url, {
        headers: { prefer: `odata.maxpagesize=${pageSize}` },
        staleOn: [410],
      });
      const refs = (answer.value ?? []).filter((m) => !m['@removed']).map((m) => ({ id: m.id, addresses: addressesOf(m) }));
      if (answer['@odata.nextLink']) return { refs, cursor: { ...cursor, next: answer['@odata.nextLink'] }, done: false };
      const delta = { ...cursor.delta, ...(answer['@odata.deltaLink'] ? { [folder]: answer['@odata.deltaLink'] } : {}) };
      const nextFolder = cursor.folder + 1;
      if (nextFolder < folders.length) return { refs, cursor: { folder: nextFolder, delta }, done: false };
      return { refs, cursor: { folder: 0, delta }, done: true };
    },
    async addresses(session, id) {
      return addressesOf(await remoteJson<GraphMessage>(session, `${api}/me/messages/${encodeURIComponent(id)}?$select=${select}`));
    },
    async raw(session, id) {
      const response = await remoteFetch(session, `${api}/me/messages/${encodeURIComponent(id)}/$value`);
      return Buffer.from(await response.arrayBuffer());
    },
    async attachments(session, id) {
      const answer = await remoteJson<{ value?: { id: string; name?: string }[] }>(session, `${api}/me/messages/${encodeURIComponent(id)}/attachments?$select=id,name`);
      return (answer.value ?? []).map((entry) => ({ id: entry.id, filename: entry.name ?? '' }));
    },
    async attachment(session, id, attachmentId) {
      const response = await remoteFetch(session, `${api}/me/messages/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}/$value`);
      return toReadable(response.body);
    },
    async send(session, raw, replyTo) {
      // sendMail and reply take the MIME message base64-encoded as text/plain and save a copy in Sent Items; reply
      // keeps it in the original's conversation.
      const path = replyTo ? `/me/messages/${encodeURIComponent(replyTo.id)}/reply` : '/me/sendMail';
      await remoteFetch(session, `${api}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: raw.toString('base64') });
    },
    async locate(session, messageId) {
      // internetMessageId keeps the angle brackets; a quote in an OData string is doubled.
      const filter = `internetMessageId eq '<${messageId.replaceAll("'", "''")}>'`;
      const query = new URLSearchParams({ $filter: filter, $select: 'id,conversationId', $top: '1' });
      const answer = await remoteJson<{ value?: { id: string; conversationId: string }[] }>(session, `${api}/me/messages?${query}`);
      const found = answer.value?.[0];
      return found ? { id: found.id, threadId: found.conversationId } : null;
    },
  };
}
