import { defaultQuoteSettings, type QuoteSettings } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as quotesRepository from './quotes.repository.ts';

/** Settings → Quotes: numbering prefix, letterhead (統編, address, phone, e-mail), default terms and validity, won on acceptance. */

export async function settingsOf(db: Db, orgId: string): Promise<QuoteSettings> {
  const row = await quotesRepository.findSettings(db, orgId);
  if (!row) return defaultQuoteSettings;
  return {
    prefix: row.prefix,
    sellerName: row.sellerName,
    sellerTaxId: row.sellerTaxId,
    sellerAddress: row.sellerAddress,
    sellerPhone: row.sellerPhone,
    sellerEmail: row.sellerEmail,
    defaultTerms: row.defaultTerms,
    validDays: row.validDays,
    markDealWon: row.markDealWon,
  };
}

export async function saveSettings(db: Db, actor: Actor, input: QuoteSettings): Promise<QuoteSettings> {
  assertSystemAdministrator(actor);
  await quotesRepository.saveSettings(db, actor.orgId, {
    ...input,
    sellerName: input.sellerName || null,
    sellerAddress: input.sellerAddress || null,
    sellerPhone: input.sellerPhone || null,
    defaultTerms: input.defaultTerms || null,
  });
  return settingsOf(db, actor.orgId);
}
