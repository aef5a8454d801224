import fs from 'node:fs';

/**
 * vCard files (.vcf: a phone's or Apple Contacts' "export all contacts"), versions 2.1, 3.0 and 4.0, read as rows
 * of a fixed header so they go through the same mapping, check and run as a CSV (the header is recognised as the
 * Apple Contacts / vCard preset, presets/presets.ts). Several cards a file, folded lines, quoted-printable values in
 * their CHARSET, grouped properties (item1.EMAIL). Photos are not imported (the check step says so).
 */
export const vcardHeaders = [
  'Name', 'Last name', 'First name', 'Nickname', 'Company', 'Department', 'Job title', 'Mobile', 'Phone', 'Home phone', 'Fax', 'Email',
  'Address', 'Work address', 'Other address', 'Birthday', 'Note', 'Labels', 'Website',
] as const;
type Column = (typeof vcardHeaders)[number];

export const isVcard = (sample: Buffer, encoding: string) =>
  /^\s*BEGIN:VCARD/i.test(new TextDecoder(encoding === 'utf-8-bom' ? 'utf-8' : encoding).decode(sample.subarray(0, 256)));

interface Property {
  name: string;
  params: Map<string, string[]>;
  value: string;
}

/** NAME;TYPE=a,b;CELL;CHARSET=x:value → its name (group dropped), parameters (2.1's bare types under TYPE) and raw value. */
export function parseProperty(line: string): Property | undefined {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return undefined;
  const [head, ...parts] = line.slice(0, colon).split(';');
  const params = new Map<string, string[]>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? 'TYPE' : part.slice(0, eq).toUpperCase();
    const values = (eq < 0 ? part : part.slice(eq + 1)).replaceAll('"', '').split(',');
    params.set(key, [...(params.get(key) ?? []), ...values.map((v) => v.trim().toUpperCase())]);
  }
  return { name: head!.replace(/^.*\./, '').toUpperCase(), params, value: line.slice(colon + 1) };
}

/** Quoted-printable bytes (=E7=8E=8B) decoded in the property's CHARSET (UTF-8 when none). */
export function decodeQuotedPrintable(value: string, charset = 'utf-8'): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(value[i]!, 'utf8'));
  }
  try {
    return new TextDecoder(charset).decode(Uint8Array.from(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
  }
}

/** A value's components split on unescaped `;`, each unescaped (\n, \, \; \\). */
export function components(value: string): string[] {
  const out: string[] = [''];
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      const next = value[++i]!;
      out[out.length - 1] += next === 'n' || next === 'N' ? '\n' : next;
    } else if (ch === ';') out.push('');
    else out[out.length - 1] += ch;
  }
  return out;
}

/** 19900305, 1990-03-05, 1990-03-05T00:00:00Z → 1990-03-05; a date without a year (--0305) is left out. */
function birthday(value: string): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : '';
}

const phoneColumn = (types: string[]): Column =>
  types.includes('CELL') ? 'Mobile' : types.includes('FAX') ? 'Fax' : types.includes('HOME') ? 'Home phone' : 'Phone';

/** One card's properties → one row of vcardHeaders. */
export function cardRow(properties: Property[]): string[] {
  const cells = new Map<Column, string[]>();
  const add = (column: Column, value: string) => {
    const v = value.trim();
    if (v) cells.set(column, [...(cells.get(column) ?? []), v]);
  };
  for (const p of properties) {
    const charset = p.params.get('CHARSET')?.[0];
    const raw = p.params.get('ENCODING')?.includes('QUOTED-PRINTABLE') ? decodeQuotedPrintable(p.value, charset) : p.value;
    const types = p.params.get('TYPE') ?? [];
    const parts = components(raw);
    if (p.name === 'FN') add('Name', parts.join(';'));
    else if (p.name === 'N') {
      add('Last name', parts[0] ?? '');
      add('First name', [parts[1], parts[2]].filter(Boolean).join(' '));
    } else if (p.name === 'NICKNAME') add('Nickname', parts.join(';'));
    else if (p.name === 'ORG') {
      // ORG:company;department — the department is the contact's (record-fields.ts jobDepartment).
      add('Company', parts[0] ?? '');
      add('Department', parts[1] ?? '');
    }
    else if (p.name === 'TITLE') add('Job title', parts.join(';'));
    else if (p.name === 'TEL') add(phoneColumn(types), raw.replace(/^tel:/i, ''));
    else if (p.name === 'EMAIL') add('Email', raw);
    else if (p.name === 'ADR') add(types.includes('WORK') ? 'Work address' : 'Address', parts.filter((x) => x.trim()).join(', '));
    else if (p.name === 'BDAY') add('Birthday', birthday(raw));
    else if (p.name === 'NOTE') add('Note', parts.join(';'));
    else if (p.name === 'CATEGORIES') for (const label of raw.split(',')) add('Labels', label.replaceAll('\\', ''));
    else if (p.name === 'URL') add('Website', raw);
    // PHOTO, LOGO, SOUND, KEY and the rest: not imported.
  }
  // One home and one work address have their fields; any further ones go together to Other address.
  const home = cells.get('Address') ?? [];
  const work = cells.get('Work address') ?? [];
  cells.set('Address', home.slice(0, 1));
  cells.set('Work address', work.slice(0, 1));
  cells.set('Other address', [...home.slice(1), ...work.slice(1)]);
  return vcardHeaders.map((column) => {
    const values = cells.get(column) ?? [];
    return column === 'Note' ? values.join('\n') : column === 'Name' || column === 'Last name' || column === 'First name' ? (values[0] ?? '') : values.join('; ');
  });
}

/**
 * The logical lines of a vCard text fed piece by piece: folded lines (CRLF + space or tab) joined, and 2.1's
 * quoted-printable soft breaks (a line ending in `=`) too.
 */
function lineJoiner() {
  let pending = '';
  let current: string | undefined;
  const out: string[] = [];
  const take = (line: string) => {
    if (current !== undefined && /^[ \t]/.test(line)) current += line.slice(1);
    else if (current !== undefined && /ENCODING=QUOTED-PRINTABLE/i.test(current.split(':')[0]!) && current.endsWith('=')) current = current.slice(0, -1) + line;
    else {
      if (current !== undefined) out.push(current);
      current = line;
    }
  };
  return {
    push(text: string): string[] {
      const lines = (pending + text).split(/\r\n|\n|\r/);
      pending = lines.pop()!;
      for (const line of lines) take(line);
      return out.splice(0);
    },
    end(): string[] {
      if (pending) take(pending);
      pending = '';
      if (current !== undefined) out.push(current);
      current = undefined;
      return out.splice(0);
    },
  };
}

/** The header row, then one row per card; read in 64 KB pieces (a photo's folded base64 is one long line, then dropped). */
export async function* readVcardRows(path: string, encoding: string): AsyncGenerator<string[]> {
  yield [...vcardHeaders];
  const decoder = new TextDecoder(encoding === 'utf-8-bom' || encoding === '' ? 'utf-8' : encoding);
  const joiner = lineJoiner();
  let card: Property[] | undefined;
  const rowsOf = function* (lines: string[]) {
    for (const line of lines) {
      if (/^BEGIN:VCARD$/i.test(line.trim())) card = [];
      else if (/^END:VCARD$/i.test(line.trim())) {
        if (card) {
          const row = cardRow(card);
          if (row.some((c) => c !== '')) yield row;
        }
        card = undefined;
      } else if (card) {
        const property = parseProperty(line);
        if (property) card.push(property);
      }
    }
  };
  const handle = await fs.promises.open(path, 'r');
  try {
    const piece = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      yield* rowsOf(joiner.push(decoder.decode(piece.subarray(0, bytesRead), { stream: true })));
    }
  } finally {
    await handle.close();
  }
  yield* rowsOf(joiner.push(decoder.decode()));
  yield* rowsOf(joiner.end());
}
