import type { BookingPrefill } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import * as businessesService from '../businesses/businesses.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';

/**
 * Signed booking links (docs/product.md#booking-notices): a LINE chat sends a linked friend the public booking page
 * with `?p=<contact id>.<expiry>.<signature>`; the page fills in the contact's name, phone and e-mail, so the booking
 * finds that contact (by phone or e-mail) and its notices go back to the chat. The signature covers the workspace, so
 * a link works on its own business's page only; it expires after linkDays.
 */

const linkDays = 14;
const payload = (orgId: string, contactId: string, expires: number) => `booking-prefill:${orgId}:${contactId}:${expires}`;

/** The workspace's public booking page, or null when the business is not public. */
export async function publicBookingUrl(db: Db, publicUrl: string, orgId: string): Promise<string | null> {
  const business = await businessesService.findBusinessOrFail(db, orgId).catch(() => null);
  return business?.isPublic ? `${publicUrl}/book/${encodeURIComponent(business.idName)}` : null;
}

/** The workspace's public booking page prefilled for the contact, or null when the business is not public. */
export async function signedBookingLink(db: Db, secrets: Secrets, publicUrl: string, orgId: string, contactId: string): Promise<string | null> {
  const page = await publicBookingUrl(db, publicUrl, orgId);
  if (!page) return null;
  const expires = Math.floor(Date.now() / 1000) + linkDays * 86_400;
  const token = `${contactId}.${expires}.${secrets.sign(payload(orgId, contactId, expires))}`;
  return `${page}?p=${token}`;
}

/** GET /api/public/booking/{idName}/prefill: the details behind a valid link; 404 otherwise (nothing tells why). */
export async function publicPrefill(db: Db, secrets: Secrets, idName: string, token: string): Promise<BookingPrefill> {
  const business = await businessesService.findPublicBusinessOrFail(db, idName);
  const [contactId, expiresText, signature] = token.split('.');
  const expires = Number(expiresText);
  const valid =
    contactId && /^[0-9a-f-]{36}$/.test(contactId) && signature && Number.isInteger(expires) && expires * 1000 > Date.now() && secrets.verify(payload(business.orgId, contactId, expires), signature);
  const details = valid ? await contactsService.bookingDetails(db, business.orgId, contactId) : undefined;
  if (!details) throw new AppError('NOT_FOUND');
  return details;
}
