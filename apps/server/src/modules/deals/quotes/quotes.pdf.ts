import { formatQuoteAmount, type Locale, type PublicQuote } from '@lodestar/contract';
import PDFDocument from 'pdfkit';
import { fontRuns, quoteFonts, type FontName } from './quotes.pdf-fonts.ts';
import { pdfLabels } from './quotes.pdf-labels.ts';

/**
 * The quote as an A4 PDF, drawn with pdfkit (docs/decisions/0020-quotes.md): letterhead (with the logo), buyer, the lines (a new page
 * repeats the table's header), totals with thousands separators, the total in Chinese capital numerals, terms, and
 * the customer's acceptance with the drawn signature. Line breaking is pdfkit's (Unicode line breaking, UAX #14),
 * which never breaks before closing punctuation such as 。 or ）.
 */

const margin = 40;
const pageWidth = 595.28;
const right = pageWidth - margin;
const ink = '#1f2328';
const muted = '#59636e';
const rule = '#d1d9e0';
// Columns: item, unit price, quantity, discount, amount (x and width).
const columns = { item: [margin, 225], unitPrice: [268, 80], quantity: [350, 45], discount: [397, 50], amount: [449, right - 449] } as const;

type Doc = PDFKit.PDFDocument;

/** Writes text in the fonts its characters need (TC, SC where TC lacks the glyph). */
function write(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number; color?: string } = {}): number {
  const { bold = false, size = 9, color = ink, ...rest } = options;
  const runs = fontRuns(text || ' ', bold);
  doc.fontSize(size).fillColor(color);
  const height = doc.font(runs[0]!.font).heightOfString(text || ' ', rest);
  runs.forEach((run, i) => {
    doc.font(run.font as FontName);
    if (i === 0) doc.text(run.text, x, y, { ...rest, continued: i < runs.length - 1 });
    else doc.text(run.text, { continued: i < runs.length - 1 });
  });
  return height;
}

function tableHeader(doc: Doc, l: Record<string, string>, y: number): number {
  doc.rect(margin, y, right - margin, 18).fill('#f2f4f7');
  const at = y + 5;
  write(doc, l.item!, columns.item[0] + 4, at, { bold: true, width: columns.item[1] - 4 });
  write(doc, l.unitPrice!, columns.unitPrice[0], at, { bold: true, width: columns.unitPrice[1], align: 'right' });
  write(doc, l.quantity!, columns.quantity[0], at, { bold: true, width: columns.quantity[1], align: 'right' });
  write(doc, l.discount!, columns.discount[0], at, { bold: true, width: columns.discount[1], align: 'right' });
  write(doc, l.amount!, columns.amount[0], at, { bold: true, width: columns.amount[1] - 4, align: 'right' });
  return y + 22;
}

function partyBlock(doc: Doc, l: Record<string, string>, x: number, y: number, width: number, rows: [string, string | null][]): number {
  let at = y;
  for (const [label, value] of rows) {
    if (!value) continue;
    at += write(doc, `${label}：${value}`, x, at, { width, color: muted }) + 2;
  }
  return at;
}

/** Where the logo goes: the letterhead's top left, scaled to fit (the seller's name starts below it). */
const logoBox: [number, number] = [160, 56];

export async function renderQuotePdf(quote: PublicQuote, locale: Locale, signature: string | null, logo: Buffer | null = null): Promise<Buffer> {
  const l = pdfLabels[locale];
  const { buffers } = quoteFonts();
  const doc = new PDFDocument({ size: 'A4', margin, info: { Title: `${l.title} ${quote.number} v${quote.version}`, Author: quote.seller.name }, compress: true });
  for (const [name, buffer] of Object.entries(buffers)) doc.registerFont(name, buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Letterhead and the quote's own facts.
  let y = margin;
  if (logo) {
    // A file that is not a PNG or JPEG after all (pdfkit refuses it) leaves the letterhead without a logo.
    try {
      doc.image(logo, margin, y, { fit: logoBox });
      y += logoBox[1] + 6;
    } catch {
      // no logo
    }
  }
  y += write(doc, quote.seller.name, margin, y, { bold: true, size: 16, width: 300 }) + 4;
  y = partyBlock(doc, l, margin, y, 300, [[l.taxId!, quote.seller.taxId], [l.address!, quote.seller.address], [l.phone!, quote.seller.phone], [l.email!, quote.seller.email]]);
  write(doc, l.title!, 360, margin, { bold: true, size: 20, width: right - 360, align: 'right' });
  let factsY = margin + 30;
  for (const [label, value] of [[l.number!, quote.number], [l.version!, `v${quote.version}`], [l.issuedOn!, quote.issuedOn], [l.validUntil!, quote.validUntil]] as const) {
    factsY += write(doc, `${label}：${value}`, 360, factsY, { width: right - 360, align: 'right', color: muted }) + 2;
  }
  y = Math.max(y, factsY) + 10;
  doc.moveTo(margin, y).lineTo(right, y).strokeColor(rule).stroke();
  y += 10;

  // Buyer (left out when the deal named no company or contact).
  const b = quote.buyer;
  if (b.companyName || b.contactName) {
    write(doc, l.buyer!, margin, y, { bold: true, size: 11 });
    y += 16;
    y += write(doc, b.companyName ?? b.contactName ?? '', margin, y, { bold: true, size: 11, width: right - margin }) + 2;
    y = partyBlock(doc, l, margin, y, right - margin, [[l.taxId!, b.taxId], [l.contact!, b.companyName ? b.contactName : null], [l.phone!, b.contactPhone], [l.email!, b.contactEmail], [l.address!, b.address]]);
  }
  if (quote.title) y += write(doc, quote.title, margin, y + 6, { bold: true, size: 12, width: right - margin }) + 8;
  y += 8;

  // Lines.
  y = tableHeader(doc, l, y);
  const bottom = 841.89 - margin - 20;
  quote.lines.forEach((line, i) => {
    const name = `${i + 1}. ${line.name}${line.optional ? `（${l.optional}）` : ''}`;
    doc.font('tc').fontSize(9);
    const height = doc.heightOfString(name, { width: columns.item[1] - 4 }) + (line.description ? doc.fontSize(8).heightOfString(line.description, { width: columns.item[1] - 4 }) + 2 : 0);
    if (y + height + 8 > bottom) {
      doc.addPage();
      y = tableHeader(doc, l, margin);
    }
    write(doc, name, columns.item[0] + 4, y, { width: columns.item[1] - 4, color: line.optional ? muted : ink });
    if (line.description) write(doc, line.description, columns.item[0] + 4, y + doc.font('tc').fontSize(9).heightOfString(name, { width: columns.item[1] - 4 }) + 2, { size: 8, color: muted, width: columns.item[1] - 4 });
    write(doc, formatQuoteAmount(line.unitPrice), columns.unitPrice[0], y, { width: columns.unitPrice[1], align: 'right' });
    write(doc, formatQuoteAmount(`${line.quantity}.00`), columns.quantity[0], y, { width: columns.quantity[1], align: 'right' });
    write(doc, line.discountPercent ? `${line.discountPercent}%` : '—', columns.discount[0], y, { width: columns.discount[1], align: 'right', color: muted });
    write(doc, formatQuoteAmount(line.amount), columns.amount[0], y, { width: columns.amount[1] - 4, align: 'right', color: line.optional ? muted : ink });
    y += height + 6;
    doc.moveTo(margin, y - 3).lineTo(right, y - 3).strokeColor(rule).lineWidth(0.5).stroke();
  });

  // Totals and the total in words.
  if (y + 130 > bottom) {
    doc.addPage();
    y = margin;
  }
  y += 6;
  const totals: [string, string, boolean][] = [[l.subtotal!, quote.subtotal, false]];
  if (quote.taxMode !== 'none') totals.push([l.untaxed!, quote.untaxed, false], [l.tax!, quote.tax, false]);
  totals.push([l.total!, quote.total, true]);
  write(doc, l[quote.taxMode]!, margin, y, { color: muted });
  for (const [label, value, strong] of totals) {
    write(doc, label, 330, y, { width: 110, align: 'right', bold: strong, size: strong ? 11 : 9 });
    write(doc, formatQuoteAmount(value), columns.amount[0], y, { width: columns.amount[1] - 4, align: 'right', bold: strong, size: strong ? 11 : 9 });
    y += strong ? 18 : 14;
  }
  y += write(doc, `${l.totalInWords}：${quote.totalInWords}`, margin, y + 4, { bold: true, size: 11, width: right - margin }) + 14;

  if (quote.terms) {
    write(doc, l.terms!, margin, y, { bold: true, size: 10 });
    y += 14;
    y += write(doc, quote.terms, margin, y, { width: right - margin, color: muted }) + 10;
  }

  if (quote.acceptedAt) {
    if (y + 110 > bottom) {
      doc.addPage();
      y = margin;
    }
    const who = [quote.acceptedName, quote.acceptedTitle].filter(Boolean).join('，');
    write(doc, `${l.accepted}：${quote.acceptedAt.slice(0, 10)}  ${l.signedBy}：${who}`, margin, y, { bold: true, width: right - margin });
    y += 16;
    if (signature) doc.image(Buffer.from(signature.replace(/^data:image\/png;base64,/, ''), 'base64'), margin, y, { fit: [200, 80] });
  }
  doc.end();
  return done;
}
