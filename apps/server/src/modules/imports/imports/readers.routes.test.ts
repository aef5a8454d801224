import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { call } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { crmFixture } from '../../../test/records.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import fs from 'node:fs';
import * as importsRepository from './imports.repository.ts';
import { importFilePath } from './imports.runner.ts';

/** Files other programs write: any part order of an .xlsx, CSV encodings and separators, .xls, a damaged workbook. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let kit: ReturnType<typeof importKit>;
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  ({ t, owner, other } = await crmFixture({ DATA_DIR: `/tmp/lodestar-readers-test-${process.pid}` }));
  kit = importKit(t, 'customer');
});
afterAll(async () => {
  await t?.close();
});

const JSZip = createRequire(createRequire(import.meta.url).resolve('exceljs'))('jszip') as new () => {
  loadAsync(data: Buffer): Promise<{ files: Record<string, { name: string; dir: boolean; async(type: 'nodebuffer'): Promise<Buffer> }> }>;
  file(name: string, data: Buffer): void;
  generateAsync(options: { type: 'nodebuffer'; compression: 'DEFLATE' }): Promise<Buffer>;
};

/** A workbook of these rows whose zip stores the worksheet first and xl/workbook.xml last (SheetJS's valid order). */
async function sheetJsOrdered(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  for (const row of rows) sheet.addRow(row);
  const written = Buffer.from(await workbook.xlsx.writeBuffer());
  const parts = (await new JSZip().loadAsync(written)).files;
  const names = Object.keys(parts).filter((n) => !parts[n]!.dir);
  const rank = (n: string) => (n.startsWith('xl/worksheets/') ? 0 : n === 'xl/workbook.xml' ? 2 : 1);
  const reordered = new JSZip();
  for (const name of names.sort((a, b) => rank(a) - rank(b))) reordered.file(name, await parts[name]!.async('nodebuffer'));
  return reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const liveNames = async (orgId = owner.orgId) =>
  (await t.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), isNull(contacts.deletedAt)))).map((c) => `${c.lastName}${c.firstName}`);

describe('readers', () => {
  it('reads an .xlsx whose zip stores the worksheet before xl/workbook.xml (and shared strings after it)', async () => {
    const file = await sheetJsOrdered([['姓名', '手機'], ['歐陽娜娜', '+886 912 000 001'], ['王', '0912-000-002']]);
    const up = await kit.upload(owner, file, 'sheetjs.xlsx', xlsxType);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const detail = (await kit.detail(owner, up.body.data.id)).body.data;
    expect(detail).toMatchObject({ encoding: 'xlsx', totalRows: 2, headers: ['姓名', '手機'] });
    const { detail: done } = await kit.run(owner, file, { name: 'sheetjs.xlsx' });
    // 歐陽 is one family name; a one-word name is a last name, not a "required" problem.
    expect(done).toMatchObject({ state: 'done', created: 2, failed: 0 });
    expect(await liveNames()).toEqual(expect.arrayContaining(['歐陽娜娜', '王']));
  });

  it('answers a damaged workbook with a 400 naming the formats, never a 500', async () => {
    const file = await sheetJsOrdered([['Name'], ['A B']]);
    const damaged = Buffer.concat([file.subarray(0, 200), Buffer.alloc(300, 7), file.subarray(500)]);
    const up = await kit.upload(owner, damaged, 'broken.xlsx', xlsxType);
    expect(up.status).toBe(400);
    expect(up.body.errorCode).toBe('IMPORT_FILE_UNREADABLE');
  });

  it('ends a run as failed (not running) when its file can no longer be read, and undo stays possible', async () => {
    const good = await sheetJsOrdered([['Name', 'Email'], ['Ada Lovelace', 'ada.reader@example.com']]);
    const up = await kit.upload(owner, good, 'later.xlsx', xlsxType);
    const id = up.body.data.id as string;
    // The stored file damaged between the check step and the run (a disk fault, a file another tool rewrote).
    const imp = (await importsRepository.findImport(t.db, owner.orgId, id))!;
    fs.writeFileSync(importFilePath(t.app.config.dataDir, imp.filePath!), Buffer.concat([good.subarray(0, 100), Buffer.alloc(2000, 7)]));
    await call(t.app, 'POST', kit.url(`/import/store/${id}`, owner.orgId), { token: owner.token });
    await t.app.background.idle();
    const detail = (await kit.detail(owner, id, 'zh-TW')).body.data;
    expect(detail).toMatchObject({ state: 'failed', errorCode: 'IMPORT_FILE_UNREADABLE' });
    expect(detail.errorMessage).toContain('無法讀取檔案');
    expect((await kit.undo(owner, id)).status).toBe(202);
  });

  it('refuses an Excel 97–2003 .xls with "save as .xlsx"', async () => {
    const ole2 = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    const up = await kit.upload(owner, ole2, 'old.xls', 'application/vnd.ms-excel');
    expect(up.status).toBe(400);
    expect(up.body).toMatchObject({ errorCode: 'IMPORT_XLS_NOT_SUPPORTED' });
    expect(up.body.errorMessage).toContain('.xlsx');
  });

  it('reads UTF-16 (both byte orders), GB18030 and Big5 with Hong Kong characters, with ; or tab separators', async () => {
    const text = '姓名;電話\r\n陳大文;02-1234-5678\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    const cases: [Buffer, string, string[]][] = [
      [le, 'utf-16le', ['陳大文', '02-1234-5678']],
      [be, 'utf-16be', ['陳大文', '02-1234-5678']],
      // 姓名<TAB>电话 / 张伟<TAB>010-5555-0100 in GB18030 (mainland Excel's "CSV" in Chinese Windows)
      [gb18030('姓名\t电话\r\n张伟\t010-5555-0100\r\n'), 'gb18030', ['张伟', '010-5555-0100']],
      // 姓名,電話 / 陳大文 and HKSCS's 0x8862 (Ê̄, outside plain Big5) in Big5-HKSCS
      [Buffer.concat([Buffer.from('a96da6572cb971b8dc0d0a', 'hex'), Buffer.from('b3afa46aa4e5', 'hex'), Buffer.from([0x88, 0x62]), Buffer.from(',1\r\n')]), 'big5', ['陳大文', '1']],
    ];
    for (const [file, encoding, first] of cases) {
      const up = await kit.upload(owner, file);
      expect(up.status, encoding).toBe(200);
      const detail = (await kit.detail(owner, up.body.data.id)).body.data;
      expect(detail.encoding, encoding).toBe(encoding);
      expect(detail.headers.length, encoding).toBe(2);
      expect(detail.preview[0][0].startsWith(first[0]!), encoding).toBe(true);
      expect(detail.preview[0][1], encoding).toBe(first[1]);
    }
  });

  it('imports its own export back: a phone with + is not refused for the marker the export put before it', async () => {
    const { detail } = await kit.run(owner, "\uFEFFName,Mobile\r\nJane Smith,'+44 20 7946 0958\r\n");
    expect(detail).toMatchObject({ created: 1, failed: 0 });
    const jane = (await t.db.select().from(contacts).where(eq(contacts.orgId, owner.orgId))).find((c) => c.lastName === 'Smith' && c.firstName === 'Jane');
    expect(jane?.phones).toEqual([{ value: '+44 20 7946 0958', type: 'mobile' }]);
  });

  it('another workspace cannot see an import of these files', async () => {
    const up = await kit.upload(owner, Buffer.from('Name\nA B\n'));
    expect((await kit.detail(other, up.body.data.id)).status).toBe(404);
  });
});

/** GB18030 bytes of simplified Chinese text (Node's TextEncoder writes UTF-8 only). */
function gb18030(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('gb18030');
  for (let lead = 0xb0; lead <= 0xf7; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) table.set(decoder.decode(Uint8Array.from([lead, trail])), [lead, trail]);
  }
  return Buffer.from([...text].flatMap((ch) => (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : table.get(ch) ?? [0x3f])));
}
