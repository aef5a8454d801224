import { createHash, randomBytes } from 'node:crypto';
import {
  calendarProviders,
  type CalendarFeed,
  type CalendarProvider,
  type CalendarSyncAccount,
  type CalendarSyncOverview,
  type CalendarSyncType,
  type ProviderCalendar,
} from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { createSecrets, loadEncryptionKey, type Secrets } from '../../../platform/secrets.ts';
import { assertCan, can, loadActor, type Actor } from '../../access/privileges/access-core.ts';
import * as calendarSyncRepository from './calendar-sync.repository.ts';
import type { AccountRow } from './calendar-sync.repository.ts';
import * as calendarSyncSchedules from './calendar-sync.schedules.ts';
import { createGoogleClient } from './calendar-sync.google.ts';
import { createOutlookClient } from './calendar-sync.outlook.ts';
import { isConfigured, ProviderError, SyncTokenExpiredError, type CalendarProviderClient, type PulledChange, type SyncEvent } from './calendar-sync.providers.ts';
import { renderFeed } from './calendar-sync.ics.ts';

/**
 * Calendar sync (docs/product.md#fields, #api, docs/decisions/0006): connected Google / Outlook accounts,
 * a push outbox drained by a job, incremental pulls with sync tokens, and the private ICS feed.
 */

export interface SyncDeps {
  config: Config;
  secrets: Secrets;
  clients: Record<CalendarProvider, CalendarProviderClient>;
}

export function createSyncDeps(config: Config): SyncDeps {
  let secrets: Secrets | undefined;
  return {
    config,
    // Loaded on first use, so a server that never syncs never writes a key file.
    get secrets() {
      secrets ??= createSecrets(loadEncryptionKey(config));
      return secrets;
    },
    clients: { google: createGoogleClient(config), outlook: createOutlookClient(config) },
  };
}

const stateLifetimeMs = 15 * 60_000;
const pushLeaseSeconds = 5 * 60;
const pullEverySeconds = 5 * 60;
const maxBackoffSeconds = 60 * 60;

/** Retry delay after `attempts` failures: 30 s, 1 min, 2 min … capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(maxBackoffSeconds, 30 * 2 ** attempts);
}

function redirectUri(config: Config, provider: CalendarProvider): string {
  return `${config.publicUrl}/api/calendar/${provider}/callback`;
}

function toAccount(row: AccountRow, pendingChanges: number): CalendarSyncAccount {
  return {
    id: row.id,
    provider: row.provider,
    email: row.email,
    displayName: row.displayName,
    syncType: row.syncType,
    calendarIds: row.calendarIds,
    status: row.status,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastError: row.lastError,
    pendingChanges,
    connectedAt: row.createdAt.toISOString(),
  };
}

async function accountView(db: Db, row: AccountRow): Promise<CalendarSyncAccount> {
  return toAccount(row, await calendarSyncRepository.countPendingPushes(db, row.orgId, row.id));
}

function assertConfigured(deps: SyncDeps, provider: CalendarProvider): void {
  if (!isConfigured(deps.config, provider)) throw new AppError('CALENDAR_PROVIDER_NOT_CONFIGURED');
}

/** The caller's own account: accounts are per user, so nobody else's is ever reachable. */
async function ownAccount(db: Db, actor: Actor, provider: CalendarProvider): Promise<AccountRow> {
  const row = await calendarSyncRepository.findAccount(db, actor.orgId, actor.userId, provider);
  if (!row) throw new AppError('CALENDAR_ACCOUNT_NOT_FOUND');
  return row;
}

export async function overview(db: Db, deps: SyncDeps, actor: Actor): Promise<CalendarSyncOverview> {
  assertCan(actor, 'calendar', 'view');
  const rows = await calendarSyncRepository.listUserAccounts(db, actor.orgId, actor.userId);
  return {
    providers: await Promise.all(
      calendarProviders.map(async (provider) => {
        const row = rows.find((candidate) => candidate.provider === provider);
        return { provider, configured: isConfigured(deps.config, provider), account: row ? await accountView(db, row) : null };
      }),
    ),
  };
}

export async function getAccount(db: Db, actor: Actor, provider: CalendarProvider): Promise<CalendarSyncAccount> {
  assertCan(actor, 'calendar', 'view');
  return accountView(db, await ownAccount(db, actor, provider));
}

// ---- OAuth ----

/** The provider's consent page; state is signed and names the workspace, user and provider. */
export function authorizeUrl(deps: SyncDeps, actor: Actor, provider: CalendarProvider): { url: string } {
  assertCan(actor, 'calendar', 'view');
  assertConfigured(deps, provider);
  const payload = Buffer.from(JSON.stringify({ o: actor.orgId, u: actor.userId, p: provider, e: Date.now() + stateLifetimeMs, n: randomBytes(8).toString('hex') })).toString('base64url');
  return { url: deps.clients[provider].authorizeUrl(`${payload}.${deps.secrets.sign(payload)}`, redirectUri(deps.config, provider)) };
}

function readState(deps: SyncDeps, provider: CalendarProvider, state: string | undefined): { orgId: string; userId: string } | undefined {
  const [payload, signature] = (state ?? '').split('.');
  if (!payload || !signature || !deps.secrets.verify(payload, signature)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o: string; u: string; p: string; e: number };
    if (value.p !== provider || value.e < Date.now()) return undefined;
    return { orgId: value.o, userId: value.u };
  } catch {
    return undefined;
  }
}

/**
 * The provider redirects the browser here (no Bearer header: the signed state says who).
 * Answers where the browser goes next: the settings page, with the outcome in the query.
 */
export async function completeAuthorization(
  db: Db,
  deps: SyncDeps,
  log: FastifyBaseLogger,
  provider: CalendarProvider,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const page = (outcome: string) => `${deps.config.publicUrl}/account/calendarSync?provider=${provider}&outcome=${outcome}`;
  const owner = readState(deps, provider, query.state);
  if (!owner || !isConfigured(deps.config, provider)) return page('invalid');
  if (query.error || !query.code) return page('denied');
  const client = deps.clients[provider];
  try {
    const { tokens, profile } = await client.exchangeCode(query.code, redirectUri(deps.config, provider));
    const calendars = await client.listCalendars(tokens.accessToken);
    const existing = await calendarSyncRepository.findAccount(db, owner.orgId, owner.userId, provider);
    const account = await calendarSyncRepository.upsertAccount(db, owner.orgId, {
      userId: owner.userId,
      provider,
      email: profile.email,
      displayName: profile.displayName,
      accessToken: deps.secrets.encrypt(tokens.accessToken),
      refreshToken: tokens.refreshToken ? deps.secrets.encrypt(tokens.refreshToken) : null,
      idToken: tokens.idToken ? deps.secrets.encrypt(tokens.idToken) : null,
      tokenExpiresAt: tokens.expiresAt,
      calendars,
      // The primary calendar until the user chooses.
      calendarIds: existing?.calendarIds.length ? existing.calendarIds : calendars.filter((calendar) => calendar.primary).map((calendar) => calendar.id).slice(0, 1),
    });
    if (!existing) {
      // First connection: send every schedule the user owns.
      const scheduleIds = await calendarSyncSchedules.listOwnScheduleIds(db, owner.orgId, owner.userId);
      for (const scheduleId of scheduleIds) await calendarSyncRepository.enqueuePushes(db, owner.orgId, [account.id], scheduleId);
    }
    return `${page('connected')}&orgId=${owner.orgId}`;
  } catch (error) {
    log.warn({ err: error, provider }, 'calendar connection failed');
    return page('failed');
  }
}

/** A usable access token, refreshed (and stored encrypted again) when it expires within a minute. */
async function accessToken(db: Db, deps: SyncDeps, account: AccountRow): Promise<string> {
  const expiring = account.tokenExpiresAt && account.tokenExpiresAt.getTime() < Date.now() + 60_000;
  if (!expiring || !account.refreshToken) return deps.secrets.decrypt(account.accessToken);
  const tokens = await deps.clients[account.provider].refresh(deps.secrets.decrypt(account.refreshToken));
  await calendarSyncRepository.updateAccount(db, account.orgId, account.id, {
    accessToken: deps.secrets.encrypt(tokens.accessToken),
    refreshToken: tokens.refreshToken ? deps.secrets.encrypt(tokens.refreshToken) : account.refreshToken,
    tokenExpiresAt: tokens.expiresAt,
  });
  account.tokenExpiresAt = tokens.expiresAt;
  account.accessToken = deps.secrets.encrypt(tokens.accessToken);
  return tokens.accessToken;
}

function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('CALENDAR_PROVIDER_FAILED');
}

// ---- calendars, sync type, cancel ----

export async function listCalendars(db: Db, deps: SyncDeps, actor: Actor, provider: CalendarProvider): Promise<ProviderCalendar[]> {
  assertCan(actor, 'calendar', 'view');
  assertConfigured(deps, provider);
  const account = await ownAccount(db, actor, provider);
  let calendars;
  try {
    calendars = await deps.clients[provider].listCalendars(await accessToken(db, deps, account));
    await calendarSyncRepository.updateAccount(db, actor.orgId, account.id, { calendars });
  } catch (error) {
    throw providerFailure(error);
  }
  return calendars.map((calendar) => ({ ...calendar, selected: account.calendarIds.includes(calendar.id) }));
}

export async function chooseCalendars(db: Db, deps: SyncDeps, actor: Actor, provider: CalendarProvider, calendarIds: string[]): Promise<CalendarSyncAccount> {
  assertCan(actor, 'calendar', 'view');
  const account = await ownAccount(db, actor, provider);
  const known = new Set(account.calendars.map((calendar) => calendar.id));
  if (calendarIds.some((id) => !known.has(id))) throw fieldError('calendarIds', 'invalidValue');
  const chosen = [...new Set(calendarIds)];
  // Tokens of calendars no longer chosen are dropped, so choosing one again pulls it whole.
  const syncTokens = Object.fromEntries(Object.entries(account.syncTokens).filter(([id]) => chosen.includes(id)));
  const row = await calendarSyncRepository.updateAccount(db, actor.orgId, account.id, { calendarIds: chosen, syncTokens, pullAt: new Date() });
  return accountView(db, row!);
}

export async function setSyncType(db: Db, actor: Actor, provider: CalendarProvider, syncType: CalendarSyncType): Promise<CalendarSyncAccount> {
  assertCan(actor, 'calendar', 'view');
  const account = await ownAccount(db, actor, provider);
  const row = await calendarSyncRepository.updateAccount(db, actor.orgId, account.id, { syncType, pullAt: new Date() });
  if (syncType !== 'fromProvider' && account.syncType === 'fromProvider') {
    // Pushing starts now: queue what was never sent.
    for (const scheduleId of await calendarSyncSchedules.listOwnScheduleIds(db, actor.orgId, actor.userId)) {
      await calendarSyncRepository.enqueuePushes(db, actor.orgId, [account.id], scheduleId);
    }
  }
  return accountView(db, row!);
}

/** Cancel (docs/product.md#api): forget the tokens, links and queued pushes; schedules stay. */
export async function cancel(db: Db, actor: Actor, provider: CalendarProvider): Promise<void> {
  assertCan(actor, 'calendar', 'view');
  const account = await ownAccount(db, actor, provider);
  await calendarSyncRepository.deleteAccount(db, actor.orgId, account.id);
}

/** "Sync now": pushes queued changes and pulls at once; answers the account as it stands after. */
export async function syncNow(db: Db, deps: SyncDeps, log: FastifyBaseLogger, actor: Actor, provider: CalendarProvider): Promise<CalendarSyncAccount> {
  assertCan(actor, 'calendar', 'view');
  assertConfigured(deps, provider);
  const account = await ownAccount(db, actor, provider);
  await drainPushes(db, deps, log, account.id);
  // Re-read: pushing may have refreshed the tokens.
  await pullAccount(db, deps, log, (await calendarSyncRepository.findAccountById(db, actor.orgId, account.id)) ?? account);
  return accountView(db, (await calendarSyncRepository.findAccountById(db, actor.orgId, account.id))!);
}

// ---- push ----

/**
 * The hook schedules call after every write (create, edit, move, complete, delete): queue a push of
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
async function ownerMaySync(db: Db, account: AccountRow): Promise<boolean> {
  try {
    return can(await loadActor(db, account.userId, account.orgId), 'calendar', 'view');
  } catch {
    return false;
  }
}

async function pushSchedule(db: Db, deps: SyncDeps, account: AccountRow, scheduleId: string): Promise<void> {
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

async function applyEvent(db: Db, account: AccountRow, calendarId: string, eventId: string, etag: string | null, event: SyncEvent, trustEtag: boolean): Promise<void> {
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

async function removeEvent(db: Db, account: AccountRow, calendarId: string, eventId: string): Promise<boolean> {
  const link = await calendarSyncRepository.findLinkByEvent(db, account.orgId, account.id, calendarId, eventId);
  if (!link) return false;
  await calendarSyncSchedules.deleteScheduleFromEvent(db, account.orgId, account.userId, link.scheduleId);
  await calendarSyncRepository.deleteLink(db, account.orgId, link.id);
  await calendarSyncRepository.dropPush(db, account.orgId, account.id, link.scheduleId);
  return true;
}

async function pullCalendar(db: Db, deps: SyncDeps, account: AccountRow, token: string, calendarId: string): Promise<string> {
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

/** The recurring job: push what is queued, then pull accounts that are due. */
export async function runSync(db: Db, deps: SyncDeps, log: FastifyBaseLogger): Promise<{ pushed: number; pulled: number }> {
  const pushed = await drainPushes(db, deps, log);
  const accounts = await calendarSyncRepository.claimDueAccounts(db, pullEverySeconds, 20);
  for (const account of accounts) await pullAccount(db, deps, log, account);
  return { pushed, pulled: accounts.length };
}

export function calendarSyncJobs(config: Config, log: FastifyBaseLogger): JobDefinition[] {
  const deps = createSyncDeps(config);
  return [{ name: 'calendarSync.run', intervalMs: 60_000, run: (db) => runSync(db, deps, log) }];
}

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
