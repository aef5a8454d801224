import { Readable } from 'node:stream';
import { contactExportFields, recordFieldLabels, type ContactRow, type ExportBody, type Locale } from '@lodestar/contract';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import { csvLine, utf8Bom } from './csv-file.ts';

/**
 * POST /customer/export: the chosen columns of the rows the caller may see (the list's own query, so the
 * scope is the list's), streamed page by page as CSV with a BOM (Excel reads CJK) and formula cells neutralised.
 */
const pageSize = 500;

function cell(row: ContactRow, field: string, locale: Locale): string {
  switch (field) {
    case 'name': return row.name;
    case 'firstName': return row.firstName;
    case 'lastName': return row.lastName;
    case 'company': return row.companyName ?? '';
    case 'mobile': return row.phones.filter((p) => p.type === 'mobile').map((p) => p.value).join('; ');
    case 'phone': return row.phones.filter((p) => p.type !== 'mobile').map((p) => p.value).join('; ');
    case 'email': return row.emails.map((e) => e.value).join('; ');
    case 'tags': return row.tags.map((t) => t.name).join(', ');
    case 'owner': return row.ownerName ?? '';
    case 'isImportant': return row.isImportant ? recordFieldLabels[locale].isImportant! : '';
    case 'lastContactAt': return row.lastContactAt ?? '';
    case 'createdAt': return row.createdAt;
    default: return '';
  }
}

export function exportContacts(db: Db, actor: Actor, body: ExportBody, locale: Locale): Readable {
  assertCan(actor, 'contact', 'export');
  body.fields.forEach((f, i) => {
    if (!(contactExportFields as readonly string[]).includes(f)) throw fieldError(`fields.${i}`, 'invalidValue');
  });
  if (body.range === 'selected' && !body.ids?.length) throw fieldError('ids', 'required');
  const selected = body.range === 'selected' ? new Set(body.ids) : undefined;
  const filter = body.range === 'filter' ? body.advanceFilter : undefined;
  async function* lines() {
    yield utf8Bom + csvLine(body.fields.map((f) => recordFieldLabels[locale][f] ?? f));
    let cursor: string | undefined;
    for (;;) {
      const page = await contactsService.listContacts(db, actor, {
        orgId: actor.orgId, advanceFilter: filter, sortBy: 'createdAt', decending: false, limit: pageSize, cursor,
      });
      const rows = page.items.filter((row) => !selected || selected.has(row.id));
      if (rows.length > 0) yield rows.map((row) => csvLine(body.fields.map((f) => cell(row, f, locale)))).join('');
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
  return Readable.from(lines());
}
