import type { Mailbox, MailboxConnectBody, MailboxTest, MailboxUpdateBody } from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Background } from '../../../platform/background.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { BlockedAddressError, publicAddress } from '../../../platform/outbound-hosts.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailboxRow } from './mailboxes.repository.ts';
import type { MailDeps } from './mailboxes.deps.ts';
import { runMailSync } from './mailboxes.sync.ts';
import { openImap, testServers, type ServerSettings } from './mailboxes.transport.ts';

/** The owner's view of a mailbox: settings and health, never the password. */
function toMailbox(row: MailboxRow, storedCount: number): Mailbox {
  return {
    id: row.id,
    provider: row.provider,
    email: row.email,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecurity: row.imapSecurity,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecurity: row.smtpSecurity,
    username: row.username,
    backfillDays: row.backfillDays,
    includeCompanyDomains: row.includeCompanyDomains,
    excluded: row.excluded,
    status: row.paused ? 'paused' : row.status,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastProblem: row.lastProblem ?? null,
    lastError: row.lastError ?? null,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    failureNoticedAt: row.failureNoticedAt?.toISOString() ?? null,
    storedCount,
    createdAt: row.createdAt.toISOString(),
  };
}

async function answer(db: Db, row: MailboxRow): Promise<Mailbox> {
  const counts = await mailboxesRepository.storedCounts(db, row.orgId, [row.id]);
  return toMailbox(row, counts.get(row.id) ?? 0);
}

/** Only the owner sees or changes a mailbox: another member (an administrator too) gets 404. */
async function ownMailbox(db: Db, actor: Actor, id: string): Promise<MailboxRow> {
  const row = await mailboxesRepository.findMailbox(db, actor.orgId, id);
  if (!row || row.userId !== actor.userId) throw new AppError('MAILBOX_NOT_FOUND');
  return row;
}

export async function listMailboxes(db: Db, actor: Actor): Promise<Mailbox[]> {
  const rows = await mailboxesRepository.listUserMailboxes(db, actor.orgId, actor.userId);
  const counts = await mailboxesRepository.storedCounts(db, actor.orgId, rows.map((row) => row.id));
  return rows.map((row) => toMailbox(row, counts.get(row.id) ?? 0));
}

type ServerFields = Omit<ServerSettings, 'blockPrivate'>;

/**
 * The SSRF guard, before any connection: a host that resolves to a private, loopback, link-local or metadata
 * address is a 400 naming its field. A name that does not resolve is left to the sign-in (it says "unreachable").
 */
async function assertPublicHosts(deps: MailDeps, settings: Pick<ServerFields, 'imapHost' | 'smtpHost'>): Promise<void> {
  for (const field of ['imapHost', 'smtpHost'] as const) {
    try {
      await publicAddress(settings[field], deps.blockPrivate);
    } catch (error) {
      if (error instanceof BlockedAddressError) throw fieldError(field, 'privateAddress');
    }
  }
}

export async function testConnection(deps: MailDeps, settings: ServerFields): Promise<MailboxTest> {
  await assertPublicHosts(deps, settings);
  const result = await testServers({ ...settings, blockPrivate: deps.blockPrivate });
  const side = (failure: (typeof result)['imap']) => ({ ok: !failure, problem: failure?.problem ?? null, detail: failure?.message ?? null });
  return { imap: side(result.imap), smtp: side(result.smtp) };
}

/** Signs in once (a wrong password is refused here, not later in the background), then syncs. */
async function assertSignIn(deps: MailDeps, settings: ServerFields): Promise<void> {
  await assertPublicHosts(deps, settings);
  try {
    const client = await openImap({ ...settings, blockPrivate: deps.blockPrivate });
    await client.logout().catch(() => undefined);
  } catch {
    throw new AppError('MAILBOX_CONNECT_FAILED');
  }
}

export interface MailboxContext {
  db: Db;
  deps: MailDeps;
  log: FastifyBaseLogger;
  background: Background;
}

export function syncSoon(context: MailboxContext, id: string): void {
  context.background.run('mailboxes.sync', () => runMailSync(context.db, context.deps, context.log, id));
}

export async function connect(context: MailboxContext, actor: Actor, body: MailboxConnectBody): Promise<Mailbox> {
  await assertSignIn(context.deps, body);
  const row = await mailboxesRepository.insertMailbox(context.db, {
    orgId: actor.orgId,
    userId: actor.userId,
    provider: 'imap',
    email: body.email,
    imapHost: body.imapHost,
    imapPort: body.imapPort,
    imapSecurity: body.imapSecurity,
    smtpHost: body.smtpHost,
    smtpPort: body.smtpPort,
    smtpSecurity: body.smtpSecurity,
    username: body.username,
    password: context.deps.secrets.encrypt(body.password),
    backfillDays: body.backfillDays,
    includeCompanyDomains: body.includeCompanyDomains,
    excluded: body.excluded,
  });
  if (!row) throw new AppError('MAILBOX_EXISTS');
  syncSoon(context, row.id);
  return answer(context.db, row);
}

/** Settings, pause, or reconnect with a new password (checked first; clears the error and syncs at once). */
export async function update(context: MailboxContext, actor: Actor, id: string, body: MailboxUpdateBody): Promise<Mailbox> {
  const row = await ownMailbox(context.db, actor, id);
  // Gmail and Outlook reconnect through their consent page, never with a password.
  if (body.password !== undefined && row.provider !== 'imap') throw fieldError('password', 'invalidValue');
  if (body.password !== undefined) await assertSignIn(context.deps, { ...row, password: body.password });
  const updated = await mailboxesRepository.updateMailbox(context.db, actor.orgId, id, {
    ...(body.includeCompanyDomains !== undefined ? { includeCompanyDomains: body.includeCompanyDomains } : {}),
    ...(body.excluded !== undefined ? { excluded: body.excluded } : {}),
    ...(body.paused !== undefined ? { paused: body.paused } : {}),
    ...(body.password !== undefined ? { password: context.deps.secrets.encrypt(body.password), status: 'syncing' as const, lastProblem: null, lastError: null, syncAt: new Date(), failingSince: null, failureNoticedAt: null } : {}),
  });
  if (body.password !== undefined && !updated!.paused) syncSoon(context, id);
  return answer(context.db, updated!);
}

/** "Sync now": runs in this request, so the answer shows the outcome (its health). */
export async function syncNow(context: MailboxContext, actor: Actor, id: string): Promise<Mailbox> {
  await ownMailbox(context.db, actor, id);
  await runMailSync(context.db, context.deps, context.log, id);
  return answer(context.db, await ownMailbox(context.db, actor, id));
}

export async function remove(db: Db, actor: Actor, id: string): Promise<void> {
  await ownMailbox(db, actor, id);
  await mailboxesRepository.deleteMailbox(db, actor.orgId, id);
}
