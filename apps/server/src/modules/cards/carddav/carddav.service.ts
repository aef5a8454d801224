import { createHash, randomBytes } from 'node:crypto';
import { maxAppPasswords, type AppPassword, type AppPasswordCreateBody, type AppPasswordCreated, type AppPasswordList } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, loadActor, type Actor } from '../../access/privileges/access-core.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import * as carddavRepository from './carddav.repository.ts';
import type { AppPasswordRow } from './carddav.repository.ts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Where a phone's account points: the server's CardDAV root (discovery finds the rest). */
export const serverUrlOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/carddav/`;

function toAppPassword(row: AppPasswordRow, tags: Map<string, { name: string }>): AppPassword {
  return {
    id: row.id,
    name: row.name,
    tagId: row.tagId,
    tagName: row.tagId ? (tags.get(row.tagId)?.name ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

async function usernameOf(db: Db, actor: Actor): Promise<string> {
  const user = await usersService.findUserById(db, actor.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user.email;
}

/** GET /api/carddav/app-passwords: the caller's own, newest first. */
export async function listAppPasswords(db: Db, actor: Actor, publicUrl: string): Promise<AppPasswordList> {
  const [rows, tags, username] = await Promise.all([
    carddavRepository.listAppPasswords(db, actor.orgId, actor.userId),
    tagsService.tagRefs(db, actor.orgId, 'customer'),
    usernameOf(db, actor),
  ]);
  return { serverUrl: serverUrlOf(publicUrl), username, items: rows.map((row) => toAppPassword(row, tags)) };
}

/** POST /api/carddav/app-passwords: needs the contact view privilege; the secret is answered once and kept hashed. */
export async function createAppPassword(db: Db, actor: Actor, body: AppPasswordCreateBody, publicUrl: string): Promise<AppPasswordCreated> {
  assertCan(actor, 'contact', 'view');
  const tagId = body.tagId ?? null;
  const tags = await tagsService.tagRefs(db, actor.orgId, 'customer');
  if (tagId && !tags.has(tagId)) throw fieldError('tagId', 'notFound');
  if ((await carddavRepository.countAppPasswords(db, actor.orgId, actor.userId)) >= maxAppPasswords) throw new AppError('APP_PASSWORD_LIMIT');
  // Four groups of five letters and digits: ~100 bits, easy to type on a phone; no 0/O or 1/l to confuse.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const password = [...randomBytes(20)].map((byte, i) => (i > 0 && i % 5 === 0 ? '-' : '') + alphabet[byte % alphabet.length]).join('');
  const row = await carddavRepository.insertAppPassword(db, { orgId: actor.orgId, userId: actor.userId, name: body.name, tagId, secretHash: hashSecret(password) });
  return { serverUrl: serverUrlOf(publicUrl), username: await usernameOf(db, actor), appPassword: toAppPassword(row, tags), password };
}

/** DELETE /api/carddav/app-passwords/{id}: the next request with it gets 401; another member's id is 404. */
export async function revokeAppPassword(db: Db, actor: Actor, id: string): Promise<void> {
  if (!(await carddavRepository.deleteAppPassword(db, actor.orgId, actor.userId, id))) throw new AppError('NOT_FOUND');
}

/** The book's display name: the tag's when it holds one tag (a deleted tag reads as none). */
export async function bookName(db: Db, owner: BookOwner): Promise<string | null> {
  if (!owner.tagId) return null;
  return (await tagsService.tagRefs(db, owner.actor.orgId, 'customer')).get(owner.tagId)?.name ?? null;
}

/** Who a CardDAV request acts as: the app password and its member now. */
export interface BookOwner {
  appPasswordId: string;
  /** The Basic username: the member's sign-in email. */
  username: string;
  tagId: string | null;
  actor: Actor;
}

export type Authentication = { ok: true; owner: BookOwner } | { ok: false; reason: 'unauthenticated' | 'frozen' };

/**
 * HTTP Basic with the owner's sign-in email and an app password. The membership is read on every request, not
 * cached, so a deactivated or removed member is refused at once.
 */
export async function authenticate(db: Db, authorization: string | undefined): Promise<Authentication> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match) return { ok: false, reason: 'unauthenticated' };
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { ok: false, reason: 'unauthenticated' };
  const username = decoded.slice(0, colon).trim().toLowerCase();
  const secret = decoded.slice(colon + 1).trim().toLowerCase();
  const row = secret ? await carddavRepository.useAppPassword(db, hashSecret(secret)) : undefined;
  if (!row || row.email !== username) return { ok: false, reason: 'unauthenticated' };
  try {
    const actor = await loadActor(db, row.userId, row.orgId);
    return { ok: true, owner: { appPasswordId: row.id, username: row.email, tagId: row.tagId, actor } };
  } catch (error) {
    if (error instanceof AppError && error.code === 'ORG_FROZEN') return { ok: false, reason: 'frozen' };
    if (error instanceof AppError) return { ok: false, reason: 'unauthenticated' };
    throw error;
  }
}
