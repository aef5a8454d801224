import { randomBytes } from 'node:crypto';
import {
  cardThemes,
  defaultCardThemeId,
  findCardTheme,
  planDefinitions,
  type Card,
  type CardLead,
  type CardSaveBody,
  type CardTheme,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { fileUrl, saveImage, type Upload } from '../../access/files/files.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import { planOf } from '../../billing/plan-limits.ts';
import * as businessesService from '../../booking/businesses/businesses.service.ts';
import * as cardsRepository from './cards.repository.ts';
import type { CardRow } from './cards.repository.ts';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 20 base-62 characters (~119 bits): the public address cannot be guessed or enumerated. */
export function newCardSlug(): string {
  // 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely.
  let slug = '';
  while (slug.length < 20) {
    for (const byte of randomBytes(32)) if (byte < 248 && slug.length < 20) slug += base62[byte % 62];
  }
  return slug;
}

/** The workspace's public booking page, when it is on: the card's "Book a time" button. */
export async function bookingPathOf(db: Db, orgId: string): Promise<string | null> {
  try {
    const business = await businessesService.findBusinessOrFail(db, orgId);
    return business.isPublic ? `/book/${business.idName}` : null;
  } catch {
    return null;
  }
}

export function contentOf(row: CardRow): CardSaveBody {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    company: row.company,
    phones: row.phones,
    email: row.email,
    address: row.address,
    links: row.links,
    intro: row.intro,
    videoUrl: row.videoUrl,
    lineId: row.lineId,
    isPublic: row.isPublic,
  };
}

function toCard(row: CardRow, bookingPath: string | null): Card {
  return { ...contentOf(row), id: row.id, slug: row.slug, themeId: row.themeId, photoUrl: fileUrl(row.orgId, row.photoFileId), bookingPath };
}

/** A first card from the member's profile and workspace (name, e-mail, company), not yet saved. */
async function prefilled(db: Db, actor: Actor): Promise<CardSaveBody> {
  const [user, org] = await Promise.all([usersService.findUserById(db, actor.userId), organizationsService.findOrganization(db, actor.orgId)]);
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName || user?.firstName || '-',
    title: null,
    company: org?.name ?? null,
    phones: [],
    email: user?.email ?? null,
    address: null,
    links: [],
    intro: null,
    videoUrl: null,
    lineId: null,
    isPublic: true,
  };
}

/** GET /api/businesscard: the member's card, or (id null) one prefilled from the profile and workspace. */
export async function getCard(db: Db, actor: Actor): Promise<Card> {
  const [row, bookingPath] = await Promise.all([cardsRepository.findCardOf(db, actor.orgId, actor.userId), bookingPathOf(db, actor.orgId)]);
  if (row) return toCard(row, bookingPath);
  return { ...(await prefilled(db, actor)), id: null, slug: null, themeId: defaultCardThemeId, photoUrl: null, bookingPath };
}

/** The member's card row, created (prefilled, default theme) when there is none yet. */
async function ensureCard(db: Db, actor: Actor, content?: CardSaveBody): Promise<CardRow> {
  const existing = await cardsRepository.findCardOf(db, actor.orgId, actor.userId);
  if (existing) return existing;
  const values = { ...(content ?? (await prefilled(db, actor))), themeId: defaultCardThemeId };
  const created = await cardsRepository.insertCard(db, actor.orgId, actor.userId, newCardSlug(), values);
  if (created) return created;
  const raced = await cardsRepository.findCardOf(db, actor.orgId, actor.userId);
  if (!raced) throw new AppError('CARD_NOT_FOUND');
  return raced;
}

async function update(db: Db, actor: Actor, row: CardRow, values: Parameters<typeof cardsRepository.updateCard>[3]): Promise<Card> {
  const updated = await cardsRepository.updateCard(db, actor.orgId, row.id, values);
  if (!updated) throw new AppError('CARD_NOT_FOUND');
  return toCard(updated, await bookingPathOf(db, actor.orgId));
}

/** PUT /api/businesscard: creates or edits the member's card content (theme and photo are kept). */
export async function saveCard(db: Db, actor: Actor, body: CardSaveBody): Promise<Card> {
  const row = await ensureCard(db, actor, body);
  return update(db, actor, row, body);
}

/** POST /api/businesscard/photo: through the product's one upload path (image types, size, storage quota). */
export async function uploadPhoto(db: Db, dataDir: string, actor: Actor, upload: Upload | undefined): Promise<Card> {
  if (!upload || upload.field !== 'photo') throw fieldError('photo', 'required');
  const row = await ensureCard(db, actor);
  const fileId = await saveImage(db, dataDir, actor.orgId, upload);
  return update(db, actor, row, { photoFileId: fileId });
}

export async function removePhoto(db: Db, actor: Actor): Promise<Card> {
  const row = await cardsRepository.findCardOf(db, actor.orgId, actor.userId);
  if (!row) throw new AppError('CARD_NOT_FOUND');
  return update(db, actor, row, { photoFileId: null });
}

function includes(plan: keyof typeof planDefinitions, theme: CardTheme): boolean {
  return planDefinitions[plan].rank >= planDefinitions[theme.minPlan].rank;
}

/** GET /api/businesscard/themes: the theme store, each theme marked as included in the workspace's plan or not. */
export async function themeStore(db: Db, actor: Actor) {
  const [{ plan }, row] = await Promise.all([planOf(db, actor.orgId), cardsRepository.findCardOf(db, actor.orgId, actor.userId)]);
  return { currentThemeId: row?.themeId ?? defaultCardThemeId, themes: cardThemes.map((theme) => ({ ...theme, included: includes(plan, theme) })) };
}

/** PUT /api/businesscard/theme: 400 for an unknown theme, 403 PLAN_LIMIT_REACHED ("please upgrade") for one the plan lacks. */
export async function setTheme(db: Db, actor: Actor, themeId: string): Promise<Card> {
  const theme = cardThemes.find((t) => t.id === themeId);
  if (!theme) throw fieldError('themeId', 'invalidValue');
  const { plan } = await planOf(db, actor.orgId);
  if (!includes(plan, theme)) throw new AppError('PLAN_LIMIT_REACHED');
  const row = await ensureCard(db, actor);
  return update(db, actor, row, { themeId: findCardTheme(themeId).id });
}

/** GET /api/businesscard/leads: who exchanged cards with the member, newest first. */
export async function listLeads(db: Db, actor: Actor): Promise<CardLead[]> {
  const row = await cardsRepository.findCardOf(db, actor.orgId, actor.userId);
  if (!row) return [];
  const leads = await cardsRepository.listLeads(db, actor.orgId, row.id);
  return leads.map((l) => ({ id: l.id, name: l.name, phone: l.phone, email: l.email, note: l.note, contactId: l.contactId, createdAt: l.createdAt.toISOString() }));
}
