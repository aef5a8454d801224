import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../../platform/csv.ts';
import { cellText, readXlsxRows, xlsxTableWriter } from './xlsx-file.ts';

describe('XLSX files', () => {
  it('writes a streamed workbook of text cells (never formulas, no apostrophe) that reads back as written', async () => {
    const file = path.join(os.tmpdir(), `lodestar-xlsx-${process.pid}.xlsx`);
    const out = new PassThrough();
    const written = pipeline(out, fs.createWriteStream(file));
    const sheet = xlsxTableWriter(out, 'Contacts');
    const rows = [['Name', 'Note'], ['=1+1', '+886'], ['-2', '@me'], ['\tTab', '\rCR'], ['王小明', 'plain']];
    for (const row of rows) sheet.row(row);
    await sheet.end();
    await written;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const ws = workbook.getWorksheet('Contacts')!;
    expect(ws.getRow(2).getCell(1).value).toBe('=1+1');
    expect(ws.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(2).getCell(1).formula).toBeUndefined();
    // Cells are trimmed when read; XML keeps no bare carriage return.
    const back: string[][] = [];
    for await (const cells of readXlsxRows(file)) back.push(cells);
    expect(back).toEqual([['Name', 'Note'], ['=1+1', '+886'], ['-2', '@me'], ['Tab', 'CR'], ['王小明', 'plain']]);
    fs.rmSync(file);
  });

  it('neutralises the same cells in CSV', () => {
    expect(csvLine(['=1+1', '+886', '-2', '@me', 'ok'])).toBe("'=1+1,'+886,'-2,'@me,ok\r\n");
  });

  it('reads cells as a CSV would hold them', () => {
    expect(cellText(new Date(Date.UTC(2024, 2, 5)))).toBe('2024-03-05');
    expect(cellText(new Date(Date.UTC(2024, 2, 5, 9, 30)))).toBe('2024-03-05 09:30');
    expect(cellText({ formula: 'A1*2', result: 84 } as ExcelJS.CellFormulaValue)).toBe('84');
    expect(cellText({ text: 'site', hyperlink: 'https://example.com' })).toBe('site');
    expect(cellText(null)).toBe('');
  });
});
