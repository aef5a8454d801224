import type { SalesInvoiceConnection, SalesInvoiceSettings, SalesInvoiceSettingsBody } from '@lodestar/contract';
import { salesInvoiceSettingsBodySchema } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import { checkConnection, type SalesInvoicesDeps } from './sales-invoices.deps.ts';
import * as repository from './sales-invoices.repository.ts';

/** Settings → E-invoices: test mode (zero setup) or the workspace's own ECPay merchant. Keys are never answered back. */

export async function settingsOf(db: Db, orgId: string): Promise<SalesInvoiceSettings> {
  const row = await repository.findSettings(db, orgId);
  return { mode: row?.mode ?? 'test', merchantId: row?.merchantId ?? null, hasKeys: Boolean(row?.hashKey && row.hashIv), checkedAt: row?.checkedAt?.toISOString() ?? null };
}

/** Administrators: switching to ECPay needs the keys once; later saves may leave them out to keep the stored ones. */
export async function saveSettings(db: Db, deps: SalesInvoicesDeps, actor: Actor, body: SalesInvoiceSettingsBody): Promise<SalesInvoiceSettings> {
  assertSystemAdministrator(actor);
  const input = salesInvoiceSettingsBodySchema.parse(body);
  const stored = await repository.findSettings(db, actor.orgId);
  if (input.mode === 'test') {
    // The merchant and its keys stay stored (switching back needs no retyping); test mode just does not use them.
    await repository.saveSettings(db, actor.orgId, { mode: 'test', merchantId: stored?.merchantId ?? null, hashKey: stored?.hashKey ?? null, hashIv: stored?.hashIv ?? null, checkedAt: stored?.checkedAt ?? null });
    return settingsOf(db, actor.orgId);
  }
  const hashKey = input.hashKey ? deps.secrets.encrypt(input.hashKey) : stored?.hashKey;
  const hashIv = input.hashIv ? deps.secrets.encrypt(input.hashIv) : stored?.hashIv;
  if (!hashKey) throw fieldError('hashKey', 'required');
  if (!hashIv) throw fieldError('hashIv', 'required');
  const changed = Boolean(input.hashKey || input.hashIv) || input.merchantId !== stored?.merchantId;
  await repository.saveSettings(db, actor.orgId, { mode: 'ecpay', merchantId: input.merchantId, hashKey, hashIv, checkedAt: changed ? null : (stored?.checkedAt ?? null) });
  return settingsOf(db, actor.orgId);
}

/** "Test connection": the stored credentials against the configured base URL; success is remembered on the settings. */
export async function testConnection(db: Db, deps: SalesInvoicesDeps, actor: Actor): Promise<SalesInvoiceConnection> {
  assertSystemAdministrator(actor);
  const stored = await repository.findSettings(db, actor.orgId);
  const result = await checkConnection(deps, stored);
  if (result.ok && stored?.mode === 'ecpay') await repository.markChecked(db, actor.orgId, deps.now());
  return result;
}
