import { fillReplyVariables, locales, type LineSavedReply, type Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as reservationsService from '../../booking/reservations/reservations.service.ts';
import { signedBookingLink } from '../../booking/reservations/reservations.prefill.ts';
import type { LineDeps } from './line.deps.ts';
import * as recordSummaryService from '../../records/record-summary/record-summary.service.ts';
import { loadConversation } from './line.conversations.ts';
import * as lineRepository from './line.repository.ts';
import type { SavedReplyRow } from './line.repository.ts';

/** Saved replies (docs/product.md#line-channel): everyone who sees conversations uses them; social editors keep them. */

type Body = { title: string; texts: Partial<Record<Locale, string | undefined>>; quickReplies: string[] };

function toSavedReply(row: SavedReplyRow): LineSavedReply {
  return { id: row.id, title: row.title, texts: row.texts, quickReplies: row.quickReplies };
}

/** Only the languages given with words (an emptied language is dropped). */
function values(body: Body) {
  const texts = Object.fromEntries(Object.entries(body.texts).filter(([, text]) => text)) as Partial<Record<Locale, string>>;
  return { title: body.title, texts, quickReplies: body.quickReplies };
}

export async function list(db: Db, actor: Actor): Promise<LineSavedReply[]> {
  assertCan(actor, 'social', 'view');
  return (await lineRepository.listSavedReplies(db, actor.orgId)).map(toSavedReply);
}

export async function create(db: Db, actor: Actor, body: Body): Promise<LineSavedReply> {
  assertCan(actor, 'social', 'edit');
  return toSavedReply(await lineRepository.insertSavedReply(db, actor.orgId, { ...values(body), createdByUserId: actor.userId }));
}

export async function update(db: Db, actor: Actor, id: string, body: Body): Promise<LineSavedReply> {
  assertCan(actor, 'social', 'edit');
  const row = await lineRepository.updateSavedReply(db, actor.orgId, id, values(body));
  if (!row) throw new AppError('NOT_FOUND');
  return toSavedReply(row);
}

export async function remove(db: Db, actor: Actor, id: string): Promise<null> {
  assertCan(actor, 'social', 'edit');
  if (!(await lineRepository.deleteSavedReply(db, actor.orgId, id))) throw new AppError('NOT_FOUND');
  return null;
}

/** The contact's newest open deal the viewer may see (the summary's deals come soonest-closing first). */
async function dealName(db: Db, actor: Actor, contactId: string): Promise<string | null> {
  try {
    const summary = await recordSummaryService.summary(db, actor, 'contact', contactId);
    return summary.deals?.items.find((deal) => deal.status === 'developing')?.name ?? null;
  } catch {
    // A contact the viewer may not open: no deal to name.
    return null;
  }
}

/**
 * A saved reply in the chosen language (else the first it has: zh-TW, zh-CN, en-US) filled for the conversation: {name} the
 * contact's (else the friend's LINE) name, {nextBooking} the contact's next reservation, {dealName} its open deal,
 * {bookingLink} the public booking page prefilled for the contact (a signed link, reservations.prefill.ts).
 */
export async function render(db: Db, deps: LineDeps, actor: Actor, conversationId: string, body: { savedReplyId: string; locale: Locale }) {
  const row = await loadConversation(db, actor, conversationId);
  const reply = await lineRepository.findSavedReply(db, actor.orgId, body.savedReplyId);
  if (!reply) throw new AppError('NOT_FOUND');
  const text = reply.texts[body.locale] ?? locales.map((locale) => reply.texts[locale]).find(Boolean) ?? '';
  const contactId = row.contactDeleted ? null : row.friend.contactId;
  const [deal, nextBooking, bookingLink] = contactId
    ? await Promise.all([
        dealName(db, actor, contactId),
        reservationsService.nextBookingOf(db, actor.orgId, contactId),
        /\{bookingLink\}/.test(text) ? signedBookingLink(db, deps.secrets, deps.config.publicUrl, actor.orgId, contactId) : null,
      ])
    : [null, null, null];
  const name = (contactId ? row.contactName : null) || row.friend.displayName;
  return { text: fillReplyVariables(text, { name, dealName: deal, nextBooking, bookingLink }), quickReplies: reply.quickReplies };
}
