import type { Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { readFile } from '../../access/files/files.ts';
import { toPublicQuote } from './quotes.answers.ts';
import { renderQuotePdf } from './quotes.pdf.ts';
import type { QuoteRow } from './quotes.repository.ts';

/**
 * The letterhead's logo of a quote version: the file named when the version was made (quote_settings.logo_file_id
 * at that time), read through the files module. A missing file prints no logo rather than failing the PDF.
 */
export async function logoOf(db: Db, dataDir: string, row: QuoteRow): Promise<{ mimeType: string; data: Buffer } | undefined> {
  const fileId = row.seller.logoFileId;
  return fileId ? readFile(db, dataDir, row.orgId, fileId) : undefined;
}

/** The version's PDF with its logo and the customer's signature (member download, public download, the e-mail). */
export async function quotePdf(db: Db, dataDir: string, row: QuoteRow, locale: Locale): Promise<Buffer> {
  const logo = await logoOf(db, dataDir, row);
  return renderQuotePdf(toPublicQuote(row), locale, row.signature, logo?.data ?? null);
}

/** GET /api/public/quote/{token}/logo: 404 when the version has no logo. */
export async function requireLogo(db: Db, dataDir: string, row: QuoteRow): Promise<{ mimeType: string; data: Buffer }> {
  const logo = await logoOf(db, dataDir, row);
  if (!logo) throw new AppError('NOT_FOUND');
  return logo;
}
