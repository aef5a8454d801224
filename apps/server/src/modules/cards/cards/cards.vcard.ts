import { fullName } from '@lodestar/contract';
import { escapeText, foldLine } from '../../../platform/content-lines.ts';

/**
 * A vCard 3.0 (RFC 2426) of a business card, for "Save contact" on the public page. `N` carries the family name
 * first (`N:王;小明;;;`) and `FN` the display name by the one name rule (王小明, John Smith), so phones file a
 * Chinese name in the right order. Escaping and folding are the content-line rules of platform/content-lines.ts.
 */
export interface VCardInput {
  firstName: string;
  lastName: string;
  company: string | null;
  title: string | null;
  phones: { value: string; type: string }[];
  email: string | null;
  address: string | null;
  urls: string[];
  /** An absolute URL of the photo. */
  photoUrl: string | null;
  note: string | null;
}

const telTypes: Record<string, string> = { mobile: 'CELL', work: 'WORK', home: 'HOME', fax: 'FAX', other: 'VOICE' };

export function buildVCard(card: VCardInput): string {
  const e = escapeText;
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${e(card.lastName)};${e(card.firstName)};;;`, `FN:${e(fullName(card.firstName, card.lastName))}`];
  if (card.company) lines.push(`ORG:${e(card.company)}`);
  if (card.title) lines.push(`TITLE:${e(card.title)}`);
  for (const phone of card.phones) lines.push(`TEL;TYPE=${telTypes[phone.type] ?? 'VOICE'}:${e(phone.value)}`);
  if (card.email) lines.push(`EMAIL;TYPE=INTERNET:${e(card.email)}`);
  if (card.address) lines.push(`ADR;TYPE=WORK:;;${e(card.address)};;;;`);
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
