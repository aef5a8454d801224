import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { lazySecrets, type Secrets } from '../../../platform/secrets.ts';
import { createLineClient, LineApiError, type LineClient } from './line.client.ts';
import * as lineRepository from './line.repository.ts';
import type { ChannelRow } from './line.repository.ts';

export interface LineDeps {
  config: Config;
  secrets: Secrets;
  client: LineClient;
}

export function createLineDeps(config: Config): LineDeps {
  const secrets = lazySecrets(config);
  return {
    config,
    // Loaded on first use, so a server that never needs them never writes a key file.
    get secrets() {
      return secrets();
    },
    client: createLineClient(config),
  };
}

export const lineProductionApiUrl = 'https://api.line.me';

export function newWebhookToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashWebhookToken(token) };
}

export function hashWebhookToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function webhookUrl(config: Config, token: string): string {
  return `${config.publicUrl}/api/line/webhook/${token}`;
}

/**
 * A usable channel access token: the stored one, or a new stateless token (15 minutes) issued with the
 * channel ID and secret when it expires within a minute — so tokens are renewed before they expire.
 */
export async function channelToken(db: Db, deps: LineDeps, channel: ChannelRow): Promise<string> {
  if (!channel.channelId || !channel.channelSecret) throw new AppError('LINE_NOT_CONNECTED');
  if (channel.accessToken && channel.tokenExpiresAt && channel.tokenExpiresAt.getTime() > Date.now() + 60_000) {
    return deps.secrets.decrypt(channel.accessToken);
  }
  let issued;
  try {
    issued = await deps.client.issueToken(channel.channelId, deps.secrets.decrypt(channel.channelSecret));
  } catch (error) {
    throw lineFailure(error, 'LINE_TOKEN_REJECTED');
  }
  const tokenExpiresAt = new Date(Date.now() + issued.expiresIn * 1000);
  const accessToken = deps.secrets.encrypt(issued.accessToken);
  await lineRepository.updateChannel(db, channel.orgId, channel.id, { accessToken, tokenExpiresAt });
  channel.accessToken = accessToken;
  channel.tokenExpiresAt = tokenExpiresAt;
  return issued.accessToken;
}

/**
 * LINE's answer → our localized error, three cases a user acts on differently (issue 30): this server cannot reach
 * LINE at all (LINE_UNREACHABLE: the server's network), LINE refuses the credentials (LINE_CREDENTIALS_INVALID or
 * LINE_TOKEN_REJECTED: copy them again), LINE answers 5xx (LINE_UNAVAILABLE: LINE is down, wait). Other refusals
 * name LINE's reason.
 */
export function lineFailure(error: unknown, onAuth: 'LINE_TOKEN_REJECTED' | 'LINE_CREDENTIALS_INVALID' = 'LINE_TOKEN_REJECTED'): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof LineApiError)) return new AppError('LINE_UNAVAILABLE', { status: '—' });
  if (error.status === 0) return new AppError('LINE_UNREACHABLE', { reason: error.lineMessage });
  if (error.status === 401 || error.status === 403 || (error.status === 400 && /invalid_client/i.test(error.lineMessage))) return new AppError(onAuth);
  if (error.status === 429 && /monthly limit/i.test(error.lineMessage)) return new AppError('LINE_QUOTA_EXCEEDED');
  if (error.status === 429) return new AppError('RATE_LIMITED');
  if (error.status >= 400 && error.status < 500) return new AppError('LINE_MESSAGE_REFUSED', { detail: error.lineMessage.slice(0, 200) });
  return new AppError('LINE_UNAVAILABLE', { status: String(error.status) });
}
