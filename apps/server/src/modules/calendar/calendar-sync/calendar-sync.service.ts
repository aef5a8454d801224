import { randomBytes } from 'node:crypto';
import {
  calendarProviders,
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
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as calendarSyncRepository from './calendar-sync.repository.ts';
import type { AccountRow } from './calendar-sync.repository.ts';
import * as calendarSyncSchedules from './calendar-sync.schedules.ts';
import { isConfigured } from './calendar-sync.providers.ts';
import { type SyncDeps, accessToken, providerFailure, stateLifetimeMs } from './calendar-sync.deps.ts';
import { drainPushes, pullAccount } from './calendar-sync.jobs.ts';

/**
 * Calendar sync (docs/product.md#fields, #api, docs/decisions/0006): connected Google / Outlook accounts,
 * a push outbox drained by a job, incremental pulls with sync tokens, and the private ICS feed.
 */
// The account settings and OAuth live here; the push/pull engine (calendar-sync.jobs.ts), the ICS feed
// (calendar-sync.feed.ts) and the shared dependencies (calendar-sync.deps.ts) are re-exported for callers.
export { backoffSeconds, createSyncDeps, type SyncDeps } from './calendar-sync.deps.ts';
export { calendarSyncJobs, drainPushes, pullAccount, runSync, scheduleChanged } from './calendar-sync.jobs.ts';
export { feedCalendar, getFeed, regenerateFeed, revokeFeed } from './calendar-sync.feed.ts';



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
