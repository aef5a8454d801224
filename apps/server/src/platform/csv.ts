/** Writing CSV for exports (imports' list exports, the quotes' export): formula-like cells neutralised, quoted when needed. */

/** Characters that make a spreadsheet run a cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

/** A cell safe to open in a spreadsheet: formula-like text gets a leading apostrophe. */
export function neutralize(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

const neutralized = new RegExp(`^'${formulaStart.source.slice(1)}`);

/**
 * The other way, for imports: the marker a spreadsheet export puts before a formula-like cell (`neutralize`, OWASP's
 * CSV injection advice) comes off, so the product's own export (and any other tool's that follows the same advice)
 * imports back as it was typed: '+44 20 7946 0958 → +44 20 7946 0958.
 */
export function unneutralize(cell: string): string {
  return neutralized.test(cell) ? cell.slice(1) : cell;
}

const needsQuotes = /[",\r\n]/;

/** One CSV cell: formula text neutralised, quoted when needed (a missing value is empty, as Array.join wrote it). */
function csvCell(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const value = neutralize(raw);
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (with CRLF): quoted when needed, formula cells neutralised. */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += i === 0 ? csvCell(cells[i]!) : `,${csvCell(cells[i]!)}`;
  return `${line}\r\n`;
}

/** The CSV lines of a page of rows, one cell function per column: one string, no array per row or cell. */
export function csvLines<R>(rows: readonly R[], cells: readonly ((row: R) => string)[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < cells.length; i++) text += i === 0 ? csvCell(cells[i]!(row)) : `,${csvCell(cells[i]!(row))}`;
    text += '\r\n';
  }
  return text;
}

export const utf8Bom = '\uFEFF';
