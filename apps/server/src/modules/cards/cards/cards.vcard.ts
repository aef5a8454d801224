import { fullName } from '@lodestar/contract';
import { escapeText, foldLine } from '../../../platform/content-lines.ts';

/**
 * A vCard 3.0 (RFC 2426) of a business card ("Save contact" on the public page) or of a contact (the CardDAV
 * address book, cards/carddav). `N` carries the family name
 * first (`N:王;小明;;;`) and `FN` the display name by the one name rule (王小明, John Smith), so phones file a
 * Chinese name in the right order. Escaping and folding are the content-line rules of platform/content-lines.ts.
 */
export interface VCardInput {
  /** A stable id (CardDAV needs one per card). */
  uid?: string;
  firstName: string;
  lastName: string;
  company: string | null;
  title: string | null;
  phones: { value: string; type: string }[];
  nickname?: string | null;
  /** YYYY-MM-DD. */
  birthday?: string | null;
  emails: string[];
  addresses: { value: string; type: 'work' | 'home' }[];
  urls: string[];
  /** An absolute URL of the photo. */
  photoUrl: string | null;
  note: string | null;
}

// Business card phone types (work, …) and contact phone types (companyPhone, personal, …) alike.
const telTypes: Record<string, string> = { mobile: 'CELL', work: 'WORK', companyPhone: 'WORK', home: 'HOME', fax: 'FAX', personal: 'VOICE', other: 'VOICE' };

export function buildVCard(card: VCardInput): string {
  const e = escapeText;
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  if (card.uid) lines.push(`UID:${e(card.uid)}`);
  lines.push(`N:${e(card.lastName)};${e(card.firstName)};;;`, `FN:${e(fullName(card.firstName, card.lastName))}`);
  if (card.nickname) lines.push(`NICKNAME:${e(card.nickname)}`);
  if (card.company) lines.push(`ORG:${e(card.company)}`);
  if (card.title) lines.push(`TITLE:${e(card.title)}`);
  for (const phone of card.phones) lines.push(`TEL;TYPE=${telTypes[phone.type] ?? 'VOICE'}:${e(phone.value)}`);
  for (const email of card.emails) lines.push(`EMAIL;TYPE=INTERNET:${e(email)}`);
  for (const address of card.addresses) lines.push(`ADR;TYPE=${address.type.toUpperCase()}:;;${e(address.value)};;;;`);
  if (card.birthday) lines.push(`BDAY:${card.birthday}`);
  for (const url of card.urls) lines.push(`URL:${e(url)}`);
  if (card.photoUrl) lines.push(`PHOTO;VALUE=URI:${card.photoUrl}`);
  if (card.note) lines.push(`NOTE:${e(card.note)}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name for the download: the display name, without characters file systems refuse. */
export function vCardFileName(firstName: string, lastName: string): string {
  const name = fullName(firstName, lastName).replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || 'contact';
  return `${name}.vcf`;
}
