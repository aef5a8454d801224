import fc from 'fast-check';

/**
 * Values for the API fuzzer (./fuzz.ts): a seeded random source, valid-shaped values generated from the OpenAPI
 * document's JSON schemas, and hostile ones (a fixed list plus fast-check's samples). Everything follows from one
 * seed, so a run is replayed exactly.
 */

export type JsonSchema = Record<string, unknown> & {
  type?: string;
  $ref?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** mulberry32: tiny, fast, good enough to pick values; the whole run follows from one 32-bit seed. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: ArrayLike<T>): T {
    return items[this.int(items.length)]!;
  }
  uuid(): string {
    const hex = () => this.int(16).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-${this.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
  }
}

/**
 * Ids the fuzzer has seen: its own workspace's (harvested from answers) and another workspace's (foreign); and the
 * run's fast-check samples of arbitrary values (see fastCheckSamples).
 */
export interface IdPools {
  own: string[];
  foreign: string[];
  samples: unknown[];
}

/**
 * Arbitrary values from fast-check, drawn once per run from its seed: strings of any UTF-16 code unit (controls,
 * lone surrogates), of any grapheme (astral, combining), JSON values of any shape, doubles and integers at the edges.
 */
export function fastCheckSamples(seed: number, count = 500): unknown[] {
  const arbitrary = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.jsonValue({ maxDepth: 4 }),
    fc.double(),
    fc.integer({ min: -(2 ** 31) - 10, max: 2 ** 31 + 10 }),
    fc.maxSafeInteger(),
  );
  return fc.sample(arbitrary, { seed, numRuns: count });
}

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,';

function word(random: Random, min: number, max: number): string {
  const length = random.between(min, Math.max(min, Math.min(max, min + 12)));
  return Array.from({ length }, () => random.pick(alphabet)).join('');
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isoDate(random: Random): string {
  return `${random.between(2024, 2028)}-${pad(random.between(1, 12))}-${pad(random.between(1, 28))}`;
}

/** Generators for the patterns the contract uses (see the OpenAPI document); others fall back to plain words. */
const patternValues: Array<[RegExp, (random: Random) => string]> = [
  [/^\^\\d\{1,12\}/, (r) => `${r.between(0, 99999)}${r.chance(0.5) ? `.${pad(r.between(0, 99))}` : ''}`],
  [/^\^\(\(\[01\]\\d\|2\[0-3\]\):\(00\|30\)\|24:00\)\$$/, (r) => r.pick(['09:00', '12:30', '18:00', '24:00'])],
  [/^\^\(\[01\]\\d\|2\[0-3\]\):\(00\|30\)\$$/, (r) => `${pad(r.between(0, 23))}:${r.pick(['00', '30'])}`],
  [/^\^\(\[01\]\\d\|2\[0-3\]\):\[0-5\]\\d\$$/, (r) => `${pad(r.between(0, 23))}:${pad(r.between(0, 59))}`],
  [/T\(\?:/, (r) => `${isoDate(r)}T${pad(r.between(0, 23))}:${pad(r.between(0, 59))}:00Z`],
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, isoDate],
  [/^\^#\[0-9/, (r) => `#${Array.from({ length: 6 }, () => r.int(16).toString(16)).join('')}`],
  [/^\^\\d\{6\}\$$/, (r) => pad(r.between(0, 999999), 6)],
  [/^\^\[0-9\+/, (r) => `+886 2 ${r.between(1000, 9999)} ${r.between(1000, 9999)}`],
  [/@/, (r) => `${word(r, 1, 8).replace(/[^a-z0-9]/gi, '') || 'x'}@example.com`],
  [/\\\.ics\$$/, (r) => `${Array.from({ length: 32 }, () => r.pick('abcdef0123456789')).join('')}.ics`],
  [/^\^\[0-9 \]\{12,23\}\$$/, (r) => r.pick(['4242 4242 4242 4242', '4000 0000 0000 0002'])],
  [/^\^\(0\[1-9\]/, (r) => `${pad(r.between(1, 12))}/${r.between(27, 35)}`],
  [/^\^\[0-9\]\{3,4\}\$$/, (r) => String(r.between(100, 9999))],
  [/^\^\[a-z0-9\]/, (r) => `biz-${Array.from({ length: 6 }, () => r.pick('abcdefghij0123456789')).join('')}`],
  [/^\^\[A-Za-z0-9_-\]\+\$$/, (r) => word(r, 4, 20).replace(/[^A-Za-z0-9_-]/g, '_')],
];

function idFrom(random: Random, pools: IdPools): string {
  const roll = random.next();
  if (roll < 0.75 && pools.own.length > 0) return random.pick(pools.own);
  if (roll < 0.9 && pools.foreign.length > 0) return random.pick(pools.foreign);
  return random.uuid();
}

export function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let current = schema;
  while (current.$ref) current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
  return asOpenApi30(current);
}

/**
 * The document is OpenAPI 3.1 (JSON Schema 2020-12): `type: ['string', 'null']` and `const` are read here as the 3.0
 * forms the generator and the checker know (`type` + `nullable`, a one-value `enum`). The document never lists two
 * non-null types.
 */
function asOpenApi30(s: JsonSchema): JsonSchema {
  const types = (s as { type?: unknown }).type;
  if (Array.isArray(types)) {
    const type = types.find((each) => each !== 'null') as string | undefined;
    return asOpenApi30({ ...s, type, nullable: s.nullable || types.includes('null') });
  }
  if ('const' in s && !s.enum) return { ...s, enum: [s.const] };
  return s;
}

/** A value that satisfies `schema` (as far as this small generator knows), ids drawn from the pools. */
export function validValue(random: Random, schema: JsonSchema, components: Record<string, JsonSchema>, pools: IdPools, depth = 0): unknown {
  const s = resolve(schema, components);
  if (s.nullable && random.chance(0.1)) return null;
  if (s.enum) return random.pick(s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return validValue(random, random.pick(choices), components, pools, depth + 1);
  switch (s.type) {
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
    case 'number': {
      // Valid for the document but past a 32-bit column: what a schema without its own bounds lets through.
      if ((s.maximum ?? Infinity) > 2 ** 31 && random.chance(0.05)) return random.pick([2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1]);
      const min = Math.max(s.minimum ?? -1000, -1_000_000);
      const max = Math.min(s.maximum ?? 1000, 1_000_000);
      const low = Math.max(min, Math.min(max, 0));
      const value = random.chance(0.7) ? random.between(low, Math.min(max, low + 20)) : random.between(min, max);
      return s.type === 'number' && random.chance(0.3) && value < max ? value + 0.5 : value;
    }
    case 'array': {
      if (depth > 6) return [];
      const min = s.minItems ?? 0;
      const length = random.between(min, Math.max(min, Math.min(s.maxItems ?? 3, min + 3)));
      return Array.from({ length }, () => validValue(random, s.items ?? {}, components, pools, depth + 1));
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        if (required.has(name) || (depth < 6 && random.chance(0.6))) result[name] = validValue(random, property, components, pools, depth + 1);
      }
      return result;
    }
    case 'string':
      return validString(random, s, pools);
    default:
      return random.chance(0.5) ? word(random, 1, 10) : random.between(0, 100);
  }
}

function validString(random: Random, s: JsonSchema, pools: IdPools): string {
  if (s.format === 'uuid') return idFrom(random, pools);
  if (s.format === 'email') return `fuzz${random.between(0, 1e6)}@example.com`;
  if (s.format === 'date-time') return `${isoDate(random)}T${pad(random.between(0, 23))}:00:00.000Z`;
  if (s.format === 'date') return isoDate(random);
  if (s.format === 'uri') return `https://example.com/${word(random, 1, 8).replace(/\W/g, '')}`;
  if (s.pattern) {
    const known = patternValues.find(([test]) => test.test(s.pattern!));
    if (known) return known[1](random);
  }
  return word(random, s.minLength ?? 0, s.maxLength ?? 40);
}

const longText = 'x'.repeat(10_000);

/** What an attacker sends instead of a value: the issue's list, and a few more. */
export function hostileValue(random: Random, pools: IdPools): unknown {
  if (pools.samples.length > 0 && random.chance(0.3)) return random.pick(pools.samples);
  const values: Array<() => unknown> = [
    () => '\u0000',
    () => 'a\u0000b',
    () => '%00',
    () => '\ud800',
    () => 'x\udfff',
    () => '\u0007\u001b[31m',
    () => '\u0085',
    () => longText,
    () => '😀'.repeat(random.between(1, 300)),
    () => '𝕏\u{10FFFF}',
    () => '\u202Egnp.exe',
    () => '\u200f\u200b\ufeff',
    () => "' OR 1=1 --",
    () => "'; drop table users; --",
    () => '"; select pg_sleep(0); --',
    () => '<script>alert(1)</script>',
    () => '<img src=x onerror=alert(1)>',
    () => '../../../etc/passwd',
    () => '{{7*7}}${7*7}',
    () => '',
    () => ' ',
    () => 'null',
    () => 'NaN',
    () => '1e999',
    () => '-0',
    () => '9999-99-99',
    () => '2026-02-30',
    () => '24:60',
    () => 'not-a-uuid',
    () => '00000000-0000-0000-0000-000000000000',
    () => random.uuid().toUpperCase(),
    () => `${random.uuid()}x`,
    () => (pools.foreign.length > 0 ? random.pick(pools.foreign) : random.uuid()),
    () => 0,
    () => -1,
    () => 1.5,
    () => 1e308,
    () => -1e308,
    () => 2 ** 31,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => 1.2345678901234568e29,
    () => true,
    () => false,
    () => null,
    () => [],
    () => ['a', 1, null],
    () => Array.from({ length: 2000 }, (_, i) => i),
    () => ({}),
    () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown,
    () => nested(random.between(50, 3000)),
  ];
  return random.pick(values)();
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Replaces one randomly chosen leaf (or the whole value) of `value` with a hostile one. */
export function mutate(random: Random, value: unknown, pools: IdPools): unknown {
  if (value === null || typeof value !== 'object' || random.chance(0.1)) return hostileValue(random, pools);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || random.chance(0.1)) {
    (copy as Record<string, unknown>)[random.pick(['extra', 'orgId', 'id', '__proto__', 'a\u0000'])] = hostileValue(random, pools);
    return copy;
  }
  const key = random.pick(keys);
  (copy as Record<string, unknown>)[key] = mutate(random, (copy as Record<string, unknown>)[key], pools);
  return copy;
}
