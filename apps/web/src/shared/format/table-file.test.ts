import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvText, neutralise, xlsxBytes } from './table-file.ts';

const rows = [
  ['名稱', 'Amount', 'Note'],
  ['陳經理', '1200000.50', '=HYPERLINK("http://evil")'],
  ['+886 2 1234', 42, '@SUM(A1)'],
  ['-5', '-5', 'a "quoted", line\nbreak'],
];

describe('table files', () => {
  it('neutralises formula-like text but keeps numbers', () => {
    expect(neutralise('=1+1')).toBe("'=1+1");
    expect(neutralise('\tx')).toBe("'\tx");
    expect(neutralise('-5')).toBe('-5');
    expect(neutralise('陳')).toBe('陳');
  });

  it('writes CSV with a BOM, quotes and neutral formula cells', () => {
    const text = csvText(rows);
    expect(text.startsWith('\uFEFF名稱,Amount,Note\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'+886 2 1234,42,'@SUM(A1)");
    expect(text).toContain('"a ""quoted"", line\nbreak"');
  });

  it('writes an XLSX that a spreadsheet reader opens: text, numbers, neutral formula cells', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxBytes('業績 / 2026', rows).buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('業績   2026');
    expect(sheet.getCell('A1').value).toBe('名稱');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('陳經理');
    expect(sheet.getCell('B2').value).toBe(1200000.5);
    expect(sheet.getCell('C2').value).toBe(`'=HYPERLINK("http://evil")`);
    expect(sheet.getCell('B3').value).toBe(42);
    expect(sheet.getCell('A4').value).toBe(-5);
    expect(sheet.getCell('C4').value).toBe('a "quoted", line\nbreak');
    expect(sheet.rowCount).toBe(4);
  });
});
