import { findCardTheme, fullName, type CardExchangeBody, type PublicCard } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
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
    email: row.email,
    address: row.address,
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
export async function exchange(db: Db, slug: string, body: CardExchangeBody): Promise<{ received: true }> {
  const row = await publicRow(db, slug);
  await db.transaction(async (tx) => {
    const contact = await contactsService.findOrCreateForBooking(tx, row.orgId, {
      name: body.name,
      phone: body.phone ?? '',
      email: body.email ?? '',
      ownerUserId: row.userId,
      actorUserId: null,
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
  });
  return { received: true };
}
