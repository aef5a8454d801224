/**
 * JSON.stringify(value) as UTF-8 bytes, for an answer made of one long array (the calendar feed: 839 events, 514 KB).
 * JSON.stringify builds a large result as a tree of joined pieces that V8 flattens on first read: encoding the fresh
 * 514 KB text cost 4–6 ms, stringifying it 1.7 ms. Stringified and encoded item by item into one buffer, the same
 * bytes cost about half (bench/README.md, "calendar month, read cache off").
 */

const sentinel = '\u0000json-bytes\u0000';
/** Reused between calls (the function is synchronous); a larger one made for a rare huge answer is not kept. */
let scratch = Buffer.allocUnsafe(1 << 20);
const keptScratchBytes = 4 << 20;

/** `around`: text written before and after the JSON in the same buffer (an envelope), so the bytes are copied once. */
export function jsonBytes<K extends string>(value: { [key in K]: readonly unknown[] }, arrayKey: K, around: readonly [string, string] = ['', '']): Buffer {
  // The object around the array as JSON.stringify writes it (key order, other fields), split where the array goes.
  const outer = JSON.stringify({ ...value, [arrayKey]: sentinel });
  const at = outer.indexOf(JSON.stringify(sentinel));
  let buffer = scratch;
  let length = 0;
  const write = (text: string) => {
    // A UTF-16 code unit takes at most 3 UTF-8 bytes.
    if (buffer.length - length < text.length * 3) {
      const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + text.length * 3));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    length += buffer.write(text, length, 'utf8');
  };
  write(`${around[0]}${outer.slice(0, at)}[`);
  value[arrayKey].forEach((item, i) => write(`${i === 0 ? '' : ','}${JSON.stringify(item) ?? 'null'}`));
  write(`]${outer.slice(at + JSON.stringify(sentinel).length)}${around[1]}`);
  if (buffer.length <= keptScratchBytes) scratch = buffer;
  return Buffer.from(buffer.subarray(0, length));
}
