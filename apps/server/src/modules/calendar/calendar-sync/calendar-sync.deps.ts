import { type CalendarProvider } from '@lodestar/contract';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { lazySecrets, type Secrets } from '../../../platform/secrets.ts';
import * as calendarSyncRepository from './calendar-sync.repository.ts';
import type { AccountRow } from './calendar-sync.repository.ts';
import { createGoogleClient } from './calendar-sync.google.ts';
import { createOutlookClient } from './calendar-sync.outlook.ts';
import { type CalendarProviderClient } from './calendar-sync.providers.ts';

export interface SyncDeps {
  config: Config;
  secrets: Secrets;
  clients: Record<CalendarProvider, CalendarProviderClient>;
}

export function createSyncDeps(config: Config): SyncDeps {
  const secrets = lazySecrets(config);
  return {
    config,
    // Loaded on first use, so a server that never needs them never writes a key file.
    get secrets() {
      return secrets();
    },
    clients: { google: createGoogleClient(config), outlook: createOutlookClient(config) },
  };
}

export const stateLifetimeMs = 15 * 60_000;
export const pushLeaseSeconds = 5 * 60;
export const pullEverySeconds = 5 * 60;
export const maxBackoffSeconds = 60 * 60;

/** Retry delay after `attempts` failures: 30 s, 1 min, 2 min … capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(maxBackoffSeconds, 30 * 2 ** attempts);
}

/** A usable access token, refreshed (and stored encrypted again) when it expires within a minute. */
export async function accessToken(db: Db, deps: SyncDeps, account: AccountRow): Promise<string> {
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

export function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('CALENDAR_PROVIDER_FAILED');
}
