import { findCardTheme, fullName, resolveLocale, type CardExchangeBody, type Locale, type PublicCard } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Mailer, MailMessage } from '../../../platform/mail.ts';
import * as usersService from '../../access/users/users.service.ts';
import { readFile } from '../../access/files/files.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as cardsRepository from './cards.repository.ts';
import { bookingPathOf, contentOf } from './cards.service.ts';
import { buildVCard, vCardFileName } from './cards.vcard.ts';
import type { CardRow } from './cards.repository.ts';

/** The public card by slug; a missing and a hidden card are both 404 CARD_NOT_FOUND. */
async function publicRow(db: Db, slug: string): Promise<CardRow> {
  const row = await cardsRepository.findPublicCard(db, slug);
  if (!row) throw new AppError('CARD_NOT_FOUND');
  return row;
}

const photoPath = (slug: string) => `/api/public/card/${slug}/photo`;

/** GET /api/public/card/{slug}: only the card's own content and look, no ids of the owner or workspace. */
export async function publicCard(db: Db, slug: string): Promise<PublicCard> {
  const row = await publicRow(db, slug);
  const { isPublic: _public, ...content } = contentOf(row);
  return {
    ...content,
    displayName: fullName(row.firstName, row.lastName),
    theme: findCardTheme(row.themeId),
    photoUrl: row.photoFileId ? photoPath(row.slug) : null,
    bookingPath: await bookingPathOf(db, row.orgId),
    vcardPath: `/api/public/card/${row.slug}/vcard`,
  };
}

export async function publicPhoto(db: Db, dataDir: string, slug: string) {
  const row = await publicRow(db, slug);
  const file = row.photoFileId ? await readFile(db, dataDir, row.orgId, row.photoFileId) : undefined;
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

/** GET /api/public/card/{slug}/vcard: "Save contact" (vCard 3.0); `origin` makes the photo's and card's URLs absolute. */
export async function publicVCard(db: Db, slug: string, origin: string): Promise<{ fileName: string; text: string }> {
  const row = await publicRow(db, slug);
  const text = buildVCard({
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    title: row.title,
    phones: row.phones,
    emails: row.email ? [row.email] : [],
    addresses: row.address ? [{ value: row.address, type: 'work' }] : [],
    urls: [`${origin}/card/${row.slug}`, ...row.links.map((l) => l.url)],
    photoUrl: row.photoFileId ? `${origin}${photoPath(row.slug)}` : null,
    note: row.intro,
  });
  return { fileName: vCardFileName(row.firstName, row.lastName), text };
}

/**
 * POST /api/public/card/{slug}/exchange: the visitor's details become a lead of the card and, through the
 * contacts service (duplicate match by phone or e-mail, the plan's contact limit), a contact owned by the
 * card's owner whose timeline names the card. One transaction: the lead and its contact are written together.
 */
export async function exchange(db: Db, slug: string, body: CardExchangeBody, mail: { mailer: Mailer; publicUrl: string }): Promise<{ received: true }> {
  const row = await publicRow(db, slug);
  const contactId = await db.transaction(async (tx) => {
    const contact = await contactsService.findOrCreateForBooking(tx, row.orgId, {
      name: body.name,
      phone: body.phone ?? '',
      email: body.email ?? '',
      ownerUserId: row.userId,
      actorUserId: null,
      source: 'businessCard',
    });
    await cardsRepository.insertLead(tx, row.orgId, {
      cardId: row.id,
      name: body.name,
      phone: body.phone ?? null,
      email: body.email ?? null,
      note: body.note || null,
      contactId: contact?.id ?? null,
    });
    if (contact) {
      const what = [body.name, body.phone, body.email, body.note].filter(Boolean).join(' · ');
      await timelineService.record(tx, row.orgId, null, 'contact', [contact.id], 'businessCard', { businessCard: [null, what] });
    }
    return contact?.id ?? null;
  });
  // The owner hears of it at once (queued on the mailer: never fails or delays the visitor's answer).
  const owner = await usersService.findUserById(db, row.userId);
  if (owner) {
    const link = contactId ? `${mail.publicUrl}/${row.orgId}/contact/detail/${contactId}` : `${mail.publicUrl}/${row.orgId}/businesscard/share`;
    mail.mailer.send(exchangeNotificationMail(resolveLocale(owner.language), owner.email, body, link));
  }
  return { received: true };
}

/** To the card's owner, in their language: who left their details, and where to find them. */
export function exchangeNotificationMail(locale: Locale, to: string, body: CardExchangeBody, link: string): MailMessage {
  const details = [body.phone, body.email].filter(Boolean).join(' / ');
  const note = body.note ? `\n${body.note}` : '';
  const texts: Record<Locale, Pick<MailMessage, 'subject' | 'text'>> = {
    'zh-TW': { subject: `${body.name} 與您交換了名片`, text: `${body.name}（${details}）在您的電子名片留下了聯絡方式。${note}\n\n查看：\n${link}` },
    'zh-CN': { subject: `${body.name} 与您交换了名片`, text: `${body.name}（${details}）在您的电子名片留下了联系方式。${note}\n\n查看：\n${link}` },
    'en-US': { subject: `${body.name} exchanged cards with you`, text: `${body.name} (${details}) left their details on your business card.${note}\n\nOpen:\n${link}` },
  };
  return { to, ...texts[locale] };
}

/** The workspace's public cards with their page's address (LINE's rich menu offers them, wired in wiring.ts). */
export async function publicCardLinks(db: Db, publicUrl: string, orgId: string): Promise<{ userId: string; name: string; url: string }[]> {
  const rows = await cardsRepository.listPublicCards(db, orgId);
  return rows.map((row) => ({ userId: row.userId, name: fullName(row.firstName, row.lastName), url: `${publicUrl}/card/${row.slug}` }));
}
