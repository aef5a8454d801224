import { defaultQuoteSettings, quoteLogoMaxBytes, quoteLogoTypes, type QuoteSettings } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { fileUrl, saveFile, type Upload } from '../../access/files/files.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as quotesRepository from './quotes.repository.ts';

/** Settings → Quotes: numbering prefix, letterhead (logo, 統編, address, phone, e-mail), default terms and validity, won on acceptance. */

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
    logoUrl: fileUrl(orgId, row.logoFileId),
  };
}

/** The logo file of the letterhead, or null. */
export async function logoFileOf(db: Db, orgId: string): Promise<string | null> {
  return (await quotesRepository.findSettings(db, orgId))?.logoFileId ?? null;
}

export async function saveSettings(db: Db, actor: Actor, input: Omit<QuoteSettings, 'logoUrl'>): Promise<QuoteSettings> {
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

/**
 * POST /api/settings/quotes/logo: a PNG or JPEG (what pdfkit embeds) through the files module (storage quota). The
 * previous logo's file is kept: quote versions made with it still print it.
 */
export async function uploadLogo(db: Db, dataDir: string, actor: Actor, upload: Upload | undefined): Promise<QuoteSettings> {
  assertSystemAdministrator(actor);
  if (!upload || upload.field !== 'logo') throw fieldError('logo', 'required');
  if (!(quoteLogoTypes as readonly string[]).includes(upload.mimeType)) throw fieldError('logo', 'invalidValue');
  if (upload.data.length > quoteLogoMaxBytes) throw fieldError('logo', 'tooLong');
  const fileId = await saveFile(db, dataDir, actor.orgId, { name: upload.filename || 'logo', mimeType: upload.mimeType, data: upload.data });
  await quotesRepository.setLogo(db, actor.orgId, fileId);
  return settingsOf(db, actor.orgId);
}

/** DELETE /api/settings/quotes/logo: new versions have no logo; existing ones keep theirs. */
export async function removeLogo(db: Db, actor: Actor): Promise<QuoteSettings> {
  assertSystemAdministrator(actor);
  await quotesRepository.setLogo(db, actor.orgId, null);
  return settingsOf(db, actor.orgId);
}
