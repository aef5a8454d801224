import { randomInt } from 'node:crypto';
import { lineBindCodeAlphabet, lineBindCodeHours, lineBindCodeLength, type LineBindCode, type LineConversation, type SummaryConversation } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, can, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as contactSocials from '../../records/contacts/contacts.socials.ts';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import type { LineDeps } from './line.deps.ts';
import { loadConversation, toConversation, visibility } from './line.conversations.ts';
import { fetchProfilePicture } from './line.pictures.ts';
import * as lineRepository from './line.repository.ts';
import type { FriendRow } from './line.repository.ts';

/**
 * A LINE friend ↔ a contact (docs/product.md#line-channel): one friend per contact in a workspace (unique index),
 * linked by hand from the conversation, by a one-time binding code the friend sends, or when a new friend follows.
 */

const lineSocial = (friend: FriendRow) => ({ type: 'line' as const, account: friend.lineUserId });

/** Postgres' unique violation (the one friend per contact index), whichever driver raised it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Writes the link in the caller's transaction: the friend's contact (and owner, the contact's owner when the friend
 * has none), the contact's LINE account, and the conversation so far on the contact's timeline.
 */
async function writeLink(tx: Db, orgId: string, actorUserId: string | null, friend: FriendRow, contactId: string): Promise<void> {
  const taken = await lineRepository.findFriendByContact(tx, orgId, contactId);
  if (taken && taken.id !== friend.id) throw new AppError('LINE_CONTACT_TAKEN');
  if (friend.contactId === contactId) return;
  // The new contact first: a deleted one stops here, before anything is written.
  const contact = await contactSocials.changeSocialAccount(tx, orgId, actorUserId, contactId, lineSocial(friend), 'add');
  if (!contact) throw new AppError('NOT_FOUND');
  if (friend.contactId) await contactSocials.changeSocialAccount(tx, orgId, actorUserId, friend.contactId, lineSocial(friend), 'remove');
  try {
    await lineRepository.updateFriend(tx, orgId, friend.id, { contactId, ownerUserId: friend.ownerUserId ?? contact.ownerUserId });
  } catch (error) {
    // Another friend took the contact between the check and this write.
    throw isUniqueViolation(error) ? new AppError('LINE_CONTACT_TAKEN') : error;
  }
  await timelineService.record(tx, orgId, actorUserId, 'contact', [contactId], 'lineLink', { lineLink: [null, friend.displayName] });
  const messages = await lineRepository.listMessages(tx, orgId, friend.id, 100);
  for (const { message } of messages) {
    await timelineService.record(tx, orgId, message.sentByUserId, 'contact', [contactId], 'lineMessage', {
      lineMessage: [message.direction, message.text],
      ...(message.text === null ? { kind: [null, message.kind] } : {}),
      ...(message.direction === 'in' ? { from: [null, friend.displayName] } : {}),
      sentAt: [null, message.createdAt.toISOString()],
    });
  }
}

/**
 * Links the friend to an existing contact the actor may edit, or makes a new contact from the friend (display name
 * and profile picture). A contact already linked to another friend is refused (LINE_CONTACT_TAKEN).
 */
export async function link(db: Db, deps: LineDeps, actor: Actor, id: string, body: { contactId?: string | undefined; create?: boolean | undefined }): Promise<LineConversation> {
  const row = await loadConversation(db, actor, id);
  assertCan(actor, 'social', 'edit');
  const friend = row.friend;
  if (body.contactId) {
    await contactsService.assertAccessible(db, actor, body.contactId, 'edit');
    await db.transaction((tx) => writeLink(tx, actor.orgId, actor.userId, friend, body.contactId!));
  } else if (body.create) {
    assertCan(actor, 'contact', 'create');
    const avatarFileId = await fetchProfilePicture(db, deps, actor.orgId, friend.pictureUrl);
    await db.transaction(async (tx) => {
      const made = await contactsService.createFromSocial(tx, actor.orgId, { name: friend.displayName, social: lineSocial(friend), avatarFileId, ownerUserId: actor.userId, actorUserId: actor.userId });
      if (!made) throw new AppError('PLAN_LIMIT_REACHED');
      // The new contact already carries the LINE account; writeLink keeps it once.
      await writeLink(tx, actor.orgId, actor.userId, friend, made.id);
    });
  } else {
    throw fieldError('contactId', 'required');
  }
  return toConversation(await loadConversation(db, actor, id), actor);
}

/** Unlinks the friend: the contact keeps its timeline, loses its LINE account; the conversation stays. */
export async function unlink(db: Db, actor: Actor, id: string): Promise<LineConversation> {
  const row = await loadConversation(db, actor, id);
  assertCan(actor, 'social', 'edit');
  const friend = row.friend;
  if (friend.contactId) {
    const contactId = friend.contactId;
    await db.transaction(async (tx) => {
      await lineRepository.updateFriend(tx, actor.orgId, friend.id, { contactId: null });
      await contactSocials.changeSocialAccount(tx, actor.orgId, actor.userId, contactId, lineSocial(friend), 'remove');
      await timelineService.record(tx, actor.orgId, actor.userId, 'contact', [contactId], 'lineLink', { lineLink: [friend.displayName, null] });
    });
  }
  return toConversation(await loadConversation(db, actor, id), actor);
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < lineBindCodeLength; i++) code += lineBindCodeAlphabet[randomInt(lineBindCodeAlphabet.length)];
  return code;
}

/** A one-time binding code for a contact the actor may edit (a new one each time; older ones stay valid until used or expired). */
export async function bindCode(db: Db, actor: Actor, contactId: string): Promise<LineBindCode> {
  assertCan(actor, 'social', 'edit');
  await contactsService.assertAccessible(db, actor, contactId, 'edit');
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel || channel.completedSteps < 4) throw new AppError('LINE_NOT_CONNECTED');
  if (await lineRepository.findFriendByContact(db, actor.orgId, contactId)) throw new AppError('LINE_CONTACT_TAKEN');
  const expiresAt = new Date(Date.now() + lineBindCodeHours * 3_600_000);
  for (;;) {
    const code = newCode();
    if (await lineRepository.insertBindCode(db, actor.orgId, { contactId, code, expiresAt, createdByUserId: actor.userId })) {
      return { code, expiresAt: expiresAt.toISOString(), addFriendUrl: channel.basicId ? `https://line.me/R/ti/p/@${encodeURIComponent(channel.basicId.replace(/^@/, ''))}` : null };
    }
  }
}

const bindReplies: Record<'linked' | 'taken', Record<string, string>> = {
  linked: { 'zh-TW': '綁定完成，之後會由專人在這裡為您服務。', 'zh-CN': '绑定完成，之后会由专人在这里为您服务。', 'en-US': 'You are linked: we will take care of you here.' },
  taken: {
    'zh-TW': '這個綁定碼已經用於另一個 LINE 帳號，請向服務人員索取新的綁定碼。',
    'zh-CN': '这个绑定码已经用于另一个 LINE 账号，请向服务人员索取新的绑定码。',
    'en-US': 'This code is already linked to another LINE account; please ask us for a new one.',
  },
};

/**
 * A friend's text that is a live binding code, inside the webhook event's transaction: uses the code and links the
 * friend to its contact. Answers the reply to send (in the language of the member who made the code), or null
 * when the text is no code of this workspace.
 */
export async function bindByCode(tx: Db, orgId: string, friend: FriendRow, code: string): Promise<{ text: string; contactId: string | null } | null> {
  const taken = await lineRepository.takeBindCode(tx, orgId, code, friend.id);
  if (!taken) return null;
  const language = taken.language && taken.language in bindReplies.linked ? taken.language : 'zh-TW';
  const other = await lineRepository.findFriendByContact(tx, orgId, taken.contactId);
  if (other && other.id !== friend.id) return { text: bindReplies.taken[language]!, contactId: null };
  // The contact went to the trash after the code was made: the code is spent, nothing is linked.
  if (!(await contactsService.findContactRow(tx, orgId, taken.contactId))) return null;
  await writeLink(tx, orgId, null, friend, taken.contactId);
  return { text: bindReplies.linked[language]!, contactId: taken.contactId };
}

const summaryMessages = 5;

/**
 * The LINE conversation on a contact's page (records/record-summary, wired in wiring.ts): the latest messages and
 * the link to the thread; an unlinked contact gets an empty section (the page offers a binding code). Nothing
 * without the social view privilege, before the channel is connected, or when the conversation is not the viewer's.
 */
export const lineSummarySection: SummarySection = async (db, actor, entityType, entityId, batch) => {
  if (entityType !== 'contact' || !can(actor, 'social', 'view')) return {};
  const [channel] = await batch.rows(lineRepository.channelStepsQuery(db, actor.orgId));
  if (!channel || channel.completedSteps < 4) return {};
  const canLink = can(actor, 'social', 'edit') && can(actor, 'contact', 'edit');
  const friend = await lineRepository.findFriendByContact(db, actor.orgId, entityId);
  if (!friend) return { conversation: { channel: 'line', friend: null, messages: [], total: 0, canLink } };
  const row = await lineRepository.findConversation(db, actor.orgId, friend.id, await visibility(db, actor));
  if (!row) return {};
  const [messages, total] = await Promise.all([lineRepository.listMessages(db, actor.orgId, friend.id, summaryMessages), lineRepository.countMessages(db, actor.orgId, friend.id)]);
  const conversation: SummaryConversation = {
    channel: 'line',
    friend: { conversationId: friend.id, displayName: friend.displayName, pictureUrl: friend.pictureUrl, status: friend.status, owner: row.ownerName },
    messages: messages.map(({ message: m }) => ({ id: m.id, direction: m.direction, kind: m.kind, text: m.text, createdAt: m.createdAt.toISOString() })),
    total,
    canLink,
  };
  return { conversation };
};
