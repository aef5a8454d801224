import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { can, loadActor } from '../../access/privileges/access-core.ts';
import * as calendarSyncRepository from './calendar-sync.repository.ts';
import type { AccountRow } from './calendar-sync.repository.ts';
import * as calendarSyncSchedules from './calendar-sync.schedules.ts';
import { isConfigured, ProviderError, SyncTokenExpiredError, type PulledChange, type SyncEvent } from './calendar-sync.providers.ts';
import { type SyncDeps, accessToken, backoffSeconds, createSyncDeps, pullEverySeconds, pushLeaseSeconds } from './calendar-sync.deps.ts';

// ---- push ----

/**
 * The schedule-write listener (registered in apps/server/src/wiring.ts), after every write (create, edit, move, complete, delete): queue a push of
 * that schedule to each of its owner's accounts that push. Cheap when the owner has none.
 */
export async function scheduleChanged(db: Db, orgId: string, ownerId: string, scheduleIds: string[]): Promise<void> {
  const accounts = (await calendarSyncRepository.listUserAccounts(db, orgId, ownerId)).filter((account) => account.syncType !== 'fromProvider');
  for (const scheduleId of scheduleIds) {
    await calendarSyncRepository.enqueuePushes(db, orgId, accounts.map((account) => account.id), scheduleId);
  }
}

/**
 * Background work acts for the account's owner: only while they are an activated member of a workspace
 * that is not frozen and may use the calendar (a removed colleague's calendar stops syncing).
 */
export async function ownerMaySync(db: Db, account: AccountRow): Promise<boolean> {
  try {
    return can(await loadActor(db, account.userId, account.orgId), 'calendar', 'view');
  } catch {
    return false;
  }
}

export async function pushSchedule(db: Db, deps: SyncDeps, account: AccountRow, scheduleId: string): Promise<void> {
  if (account.syncType === 'fromProvider') return;
  const client = deps.clients[account.provider];
  const link = await calendarSyncRepository.findLinkBySchedule(db, account.orgId, account.id, scheduleId);
  const schedule = await calendarSyncSchedules.readScheduleForSync(db, account.orgId, scheduleId);
  const token = await accessToken(db, deps, account);
  if (!schedule || schedule.ownerId !== account.userId) {
    if (link) {
      await client.deleteEvent(token, link.calendarId, link.eventId);
      await calendarSyncRepository.deleteLink(db, account.orgId, link.id);
    }
    return;
  }
  const calendarId = link?.calendarId ?? account.calendarIds[0];
  if (!calendarId) return;
  const saved = await client.saveEvent(token, calendarId, link?.eventId, schedule.event);
  await calendarSyncRepository.saveLink(db, account.orgId, { accountId: account.id, scheduleId, calendarId, eventId: saved.eventId, etag: saved.etag });
}

/** Sends due pushes (all accounts, or one); failures retry with backoff and show on the account. */
export async function drainPushes(db: Db, deps: SyncDeps, log: FastifyBaseLogger, onlyAccountId?: string): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await calendarSyncRepository.claimDuePushes(db, pushLeaseSeconds, 20, onlyAccountId);
    if (batch.length === 0) return done;
    for (const push of batch) {
      const account = await calendarSyncRepository.findAccountById(db, push.orgId, push.accountId);
      if (!account) continue;
      try {
        if (!(await ownerMaySync(db, account))) throw new Error('the account owner may not use the calendar in this workspace now');
        await pushSchedule(db, deps, account, push.scheduleId);
        await calendarSyncRepository.completePush(db, push);
        done += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ err: error, accountId: account.id, scheduleId: push.scheduleId }, 'calendar push failed');
        await calendarSyncRepository.retryPush(db, push, backoffSeconds(push.attempts), message);
        await calendarSyncRepository.updateAccount(db, account.orgId, account.id, { status: 'error', lastError: message.slice(0, 500) });
      }
    }
  }
}

// ---- pull ----

export async function applyEvent(db: Db, account: AccountRow, calendarId: string, eventId: string, etag: string | null, event: SyncEvent, trustEtag: boolean): Promise<void> {
  const link = await calendarSyncRepository.findLinkByEvent(db, account.orgId, account.id, calendarId, eventId);
  // Our own write coming back (same etag): nothing changed there. A re-read series is compared by content
  // instead: a Google occurrence deleted there is a separate instance and leaves the series' etag as it was.
  if (trustEtag && link && etag && link.etag === etag) return;
  let scheduleId: string;
  if (link) {
    scheduleId = link.scheduleId;
    const exists = await calendarSyncSchedules.updateScheduleFromEvent(db, account.orgId, account.userId, scheduleId, event);
    if (!exists) {
      await calendarSyncRepository.deleteLink(db, account.orgId, link.id);
      return;
    }
  } else {
    const created = await calendarSyncSchedules.createScheduleFromEvent(db, account.orgId, account.userId, event);
    if (!created) return;
    scheduleId = created;
  }
  await calendarSyncRepository.saveLink(db, account.orgId, { accountId: account.id, scheduleId, calendarId, eventId, etag });
  // The schedule write queued a push back to this same account: it already matches, drop it (no loop).
  await calendarSyncRepository.dropPush(db, account.orgId, account.id, scheduleId);
}

export async function removeEvent(db: Db, account: AccountRow, calendarId: string, eventId: string): Promise<boolean> {
  const link = await calendarSyncRepository.findLinkByEvent(db, account.orgId, account.id, calendarId, eventId);
  if (!link) return false;
  await calendarSyncSchedules.deleteScheduleFromEvent(db, account.orgId, account.userId, link.scheduleId);
  await calendarSyncRepository.deleteLink(db, account.orgId, link.id);
  await calendarSyncRepository.dropPush(db, account.orgId, account.id, link.scheduleId);
  return true;
}

export async function pullCalendar(db: Db, deps: SyncDeps, account: AccountRow, token: string, calendarId: string): Promise<string> {
  const client = deps.clients[account.provider];
  const stored = account.syncTokens[calendarId];
  let result;
  let full = !stored;
  try {
    result = await client.pull(token, calendarId, stored);
  } catch (error) {
    if (!(error instanceof SyncTokenExpiredError)) throw error;
    // 410 Gone: the token is dead; list everything again and reconcile the links.
    full = true;
    result = await client.pull(token, calendarId, undefined);
  }
  const reread = new Set<string>();
  const seen = new Set<string>();
  let unknownRemoval = false;
  for (const change of result.changes as PulledChange[]) {
    seen.add(change.eventId);
    if (change.kind === 'upsert') await applyEvent(db, account, calendarId, change.eventId, change.etag, change.event, true);
    else if (change.kind === 'reread') reread.add(change.eventId);
    else if (!(await removeEvent(db, account, calendarId, change.eventId))) unknownRemoval = true;
  }
  const links = await calendarSyncRepository.listLinks(db, account.orgId, account.id, calendarId);
  for (const link of links) {
    // A removal we cannot place (Graph names a deleted occurrence by its own id) or a full resync: check our events.
    if ((unknownRemoval && account.provider === 'outlook') || (full && !seen.has(link.eventId))) reread.add(link.eventId);
  }
  for (const eventId of reread) {
    const found = await client.readEvent(token, calendarId, eventId);
    if (found) await applyEvent(db, account, calendarId, eventId, found.etag, found.event, false);
    else await removeEvent(db, account, calendarId, eventId);
  }
  return result.nextToken;
}

/** Pulls every chosen calendar of one account (unless it only pushes) and records the outcome. */
export async function pullAccount(db: Db, deps: SyncDeps, log: FastifyBaseLogger, account: AccountRow): Promise<void> {
  if (!isConfigured(deps.config, account.provider) || !(await ownerMaySync(db, account))) return;
  await calendarSyncRepository.updateAccount(db, account.orgId, account.id, { status: 'syncing' });
  try {
    const syncTokens = { ...account.syncTokens };
    if (account.syncType !== 'toProvider') {
      const token = await accessToken(db, deps, account);
      for (const calendarId of account.calendarIds) {
        syncTokens[calendarId] = await pullCalendar(db, deps, { ...account, syncTokens }, token, calendarId);
      }
    }
    // Still failing pushes keep the account in error with their message.
    const failing = await calendarSyncRepository.countPendingPushes(db, account.orgId, account.id, true);
    const fresh = await calendarSyncRepository.findAccountById(db, account.orgId, account.id);
    await calendarSyncRepository.updateAccount(db, account.orgId, account.id, {
      syncTokens,
      status: failing > 0 ? 'error' : 'idle',
      lastSyncedAt: new Date(),
      lastError: failing > 0 ? (fresh?.lastError ?? null) : null,
    });
  } catch (error) {
    const message = error instanceof ProviderError || error instanceof Error ? error.message : String(error);
    log.warn({ err: error, accountId: account.id }, 'calendar pull failed');
    await calendarSyncRepository.updateAccount(db, account.orgId, account.id, { status: 'error', lastError: message.slice(0, 500) });
  }
}

/** The recurring job: push what is queued, then pull accounts that are due (authored by `sync` in the outbox and history). */
export function runSync(db: Db, deps: SyncDeps, log: FastifyBaseLogger): Promise<{ pushed: number; pulled: number }> {
  return runAsEventActor('sync', () => syncDue(db, deps, log));
}

async function syncDue(db: Db, deps: SyncDeps, log: FastifyBaseLogger): Promise<{ pushed: number; pulled: number }> {
  const pushed = await drainPushes(db, deps, log);
  const accounts = await calendarSyncRepository.claimDueAccounts(db, pullEverySeconds, 20);
  for (const account of accounts) await pullAccount(db, deps, log, account);
  return { pushed, pulled: accounts.length };
}

export function calendarSyncJobs(config: Config, log: FastifyBaseLogger): JobDefinition[] {
  const deps = createSyncDeps(config);
  return [{ name: 'calendarSync.run', intervalMs: 60_000, run: (db) => runSync(db, deps, log) }];
}
