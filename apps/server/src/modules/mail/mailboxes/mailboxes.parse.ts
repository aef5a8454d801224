import type { EmailAddress } from '@lodestar/contract';
import { simpleParser, type AddressObject } from 'mailparser';
import type { StoredAttachment } from './mailboxes.table.ts';
import { sanitizeEmailHtml } from './mailboxes.html.ts';

/**
 * One message as stored, parsed by mailparser (RFC 2047 encoded words in Big5, GB2312, ISO-2022-JP…, RFC 2231
 * attachment names, any transfer encoding). Attachments are listed, not kept (their bytes stay in the mailbox).
 */
export interface ParsedEmail {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: EmailAddress;
  to: EmailAddress[];
  cc: EmailAddress[];
  sentAt: Date;
  html: string | null;
  text: string | null;
  snippet: string | null;
  attachments: StoredAttachment[];
}

const maxTextChars = 200_000;

function addresses(value: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const list = value ? (Array.isArray(value) ? value : [value]) : [];
  const flat = list.flatMap((group) => group.value).flatMap((entry) => (entry.group ? entry.group : [entry]));
  return flat.filter((entry) => entry.address).map((entry) => ({ address: entry.address!.toLowerCase(), name: entry.name || null }));
}

/** `<a@b>` → `a@b`: one spelling of Message-IDs across headers and our own sends. */
export function bareMessageId(value: string): string {
  return value.trim().replace(/^<|>$/g, '');
}

export async function parseEmail(source: Buffer, fallbackDate: Date, fallbackId: string): Promise<ParsedEmail> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const references = (typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? [])).map(bareMessageId);
  const text = parsed.text ? parsed.text.slice(0, maxTextChars) : null;
  const html = typeof parsed.html === 'string' ? sanitizeEmailHtml(parsed.html) : null;
  return {
    messageId: parsed.messageId ? bareMessageId(parsed.messageId) : fallbackId,
    inReplyTo: parsed.inReplyTo ? bareMessageId(parsed.inReplyTo) : null,
    references,
    subject: (parsed.subject ?? '').slice(0, 1000),
    from: addresses(parsed.from)[0] ?? { address: '', name: null },
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    sentAt: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : fallbackDate,
    html,
    text,
    snippet: text ? text.replace(/\s+/g, ' ').trim().slice(0, 200) || null : null,
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
  };
}
