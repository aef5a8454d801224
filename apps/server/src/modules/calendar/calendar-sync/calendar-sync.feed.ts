import { createHash, randomBytes } from 'node:crypto';
import { type CalendarFeed } from '@lodestar/contract';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as calendarSyncRepository from './calendar-sync.repository.ts';
import * as calendarSyncSchedules from './calendar-sync.schedules.ts';
import { renderFeed } from './calendar-sync.ics.ts';
import type { SyncDeps } from './calendar-sync.deps.ts';

// ---- ICS feed ----

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function feedUrl(config: Config, token: string): string {
  return `${config.publicUrl}/api/calendar-feed/${token}.ics`;
}

export async function getFeed(db: Db, deps: SyncDeps, actor: Actor): Promise<CalendarFeed> {
  assertCan(actor, 'calendar', 'view');
  const row = await calendarSyncRepository.findFeed(db, actor.orgId, actor.userId);
  return { url: row ? feedUrl(deps.config, deps.secrets.decrypt(row.token)) : null };
}

/** A new secret URL; the old one stops working at once. */
export async function regenerateFeed(db: Db, deps: SyncDeps, actor: Actor): Promise<CalendarFeed> {
  assertCan(actor, 'calendar', 'view');
  const token = randomBytes(24).toString('base64url');
  await calendarSyncRepository.replaceFeed(db, actor.orgId, actor.userId, hashToken(token), deps.secrets.encrypt(token));
  return { url: feedUrl(deps.config, token) };
}

export async function revokeFeed(db: Db, actor: Actor): Promise<void> {
  assertCan(actor, 'calendar', 'view');
  await calendarSyncRepository.deleteFeed(db, actor.orgId, actor.userId);
}

/** The feed body for a token, or 404 for an unknown or revoked one. */
export async function feedCalendar(db: Db, file: string): Promise<string> {
  const token = file.replace(/\.ics$/, '');
  const row = await calendarSyncRepository.findFeedByTokenHash(db, hashToken(token));
  if (!row) throw new AppError('NOT_FOUND');
  const schedules = await calendarSyncSchedules.listFeedSchedules(db, row.orgId, row.userId);
  return renderFeed(schedules);
}
