/**
 * JSON.stringify(value) as UTF-8 bytes, for an answer made of one long array (the calendar feed: 839 events, 514 KB).
 * JSON.stringify builds a large result as a tree of joined pieces that V8 flattens on first read: encoding the fresh
 * 514 KB text cost 4–6 ms, stringifying it 1.7 ms. Written item by item into one buffer, the same bytes cost about
 * half; an item writer (`writeItem`) may write a known shape faster still (bench/README.md, "calendar month").
 */

/** Reused between calls (writing is synchronous); a larger one made for a rare huge answer is not kept. */
let scratch = Buffer.allocUnsafe(1 << 20);
const keptScratchBytes = 4 << 20;

/** A string's JSON, and its UTF-8 bytes unless it is plain ASCII (then it joins the text around it). */
interface Quoted {
  json: string;
  bytes: Buffer | null;
}
const quotedStrings = new Map<string, Quoted>();
// Printable ASCII that JSON.stringify writes as it is (no quote, backslash or control character).
const plainAscii = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

export class JsonWriter {
  private buffer = scratch;
  private length = 0;
  /** ASCII text not yet written: joined first, written in one call. */
  private pending = '';

  /** Text that is JSON already and plain ASCII by construction (punctuation, numbers, dates, uuids). */
  ascii(text: string): void {
    this.pending += text;
    // Written in pieces: a long chain of joined strings is what makes V8's flattening slow.
    if (this.pending.length > 8192) this.flush();
  }

  /** A string value (or null) as JSON: each distinct string is escaped and encoded once (titles and names repeat). */
  string(value: string | null): void {
    if (value === null) {
      this.ascii('null');
      return;
    }
    let quoted = quotedStrings.get(value);
    if (!quoted) {
      const json = JSON.stringify(value);
      quoted = { json, bytes: plainAscii.test(value) ? null : Buffer.from(json) };
      if (quotedStrings.size >= 10_000) quotedStrings.clear();
      quotedStrings.set(value, quoted);
    }
    if (!quoted.bytes) {
      this.ascii(quoted.json);
      return;
    }
    this.flush();
    this.room(quoted.bytes.length);
    this.length += quoted.bytes.copy(this.buffer, this.length);
  }

  /** Any JSON text. */
  text(text: string): void {
    this.flush();
    // A UTF-16 code unit takes at most 3 UTF-8 bytes.
    this.room(text.length * 3);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** The bytes written (a copy: the buffer is reused). */
  done(): Buffer {
    this.flush();
    if (this.buffer.length <= keptScratchBytes) scratch = this.buffer;
    return Buffer.from(this.buffer.subarray(0, this.length));
  }

  private flush(): void {
    if (!this.pending) return;
    this.room(this.pending.length);
    this.length += this.buffer.write(this.pending, this.length, 'latin1');
    this.pending = '';
  }

  private room(bytes: number): void {
    if (this.buffer.length - this.length >= bytes) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }
}

const sentinel = '\u0000json-bytes\u0000';

/**
 * `around`: text written before and after the JSON in the same buffer (an envelope), so the bytes are copied once.
 * `writeItem` writes an item it knows and answers true, or writes nothing and answers false (JSON.stringify then).
 */
export function jsonBytes<K extends string, T>(
  value: { [key in K]: readonly T[] },
  arrayKey: K,
  around: readonly [string, string] = ['', ''],
  writeItem?: (item: T, out: JsonWriter) => boolean,
): Buffer {
  // The object around the array as JSON.stringify writes it (key order, other fields), split where the array goes.
  const outer = JSON.stringify({ ...value, [arrayKey]: sentinel });
  const at = outer.indexOf(JSON.stringify(sentinel));
  const out = new JsonWriter();
  out.text(`${around[0]}${outer.slice(0, at)}[`);
  value[arrayKey].forEach((item, i) => {
    if (i > 0) out.ascii(',');
    if (!writeItem?.(item, out)) out.text(JSON.stringify(item) ?? 'null');
  });
  out.text(`]${outer.slice(at + JSON.stringify(sentinel).length)}${around[1]}`);
  return out.done();
}
