import { resolve, type JsonSchema } from './values.ts';

/**
 * Checks an answer against the OpenAPI document's response schema: the subset of OpenAPI 3.0 schema keywords the
 * document uses (type, nullable, enum, properties, required, additionalProperties, items, anyOf/oneOf, $ref,
 * bounds, pattern, uuid and date-time formats). Answers the first mismatch as `path: problem`, or null.
 */
export function schemaMismatch(value: unknown, schema: JsonSchema, components: Record<string, JsonSchema>, path = '$'): string | null {
  const s = resolve(schema, components);
  if (value === null) return s.nullable || s.type === undefined || s.type === 'null' || s.enum?.includes(null) || anyAccepts(value, s, components, path) ? null : `${path}: null`;
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return anyAccepts(value, s, components, path) ? null : `${path}: matches none of anyOf/oneOf (${JSON.stringify(value).slice(0, 80)})`;
  if (s.enum && !s.enum.some((option) => option === value)) return `${path}: ${JSON.stringify(value).slice(0, 80)} not in enum`;
  switch (s.type) {
    case 'string':
      if (typeof value !== 'string') return `${path}: expected string, got ${typeof value}`;
      if (s.minLength !== undefined && value.length < s.minLength) return `${path}: shorter than ${s.minLength}`;
      if (s.maxLength !== undefined && value.length > s.maxLength) return `${path}: longer than ${s.maxLength}`;
      if (s.pattern && !patternOf(s.pattern).test(value)) return `${path}: ${JSON.stringify(value).slice(0, 80)} does not match ${s.pattern}`;
      if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) return `${path}: not a date-time`;
      return null;
    case 'integer':
    case 'number':
      if (typeof value !== 'number') return `${path}: expected ${s.type}, got ${typeof value}`;
      if (s.type === 'integer' && !Number.isInteger(value)) return `${path}: not an integer`;
      if (s.minimum !== undefined && value < s.minimum) return `${path}: below ${s.minimum}`;
      if (s.maximum !== undefined && value > s.maximum) return `${path}: above ${s.maximum}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${path}: expected boolean, got ${typeof value}`;
    case 'array': {
      if (!Array.isArray(value)) return `${path}: expected array, got ${typeof value}`;
      for (let i = 0; i < value.length; i += 1) {
        const problem = schemaMismatch(value[i], s.items ?? {}, components, `${path}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return `${path}: expected object`;
      const record = value as Record<string, unknown>;
      for (const name of s.required ?? []) if (!(name in record)) return `${path}.${name}: required but missing`;
      const properties = s.properties ?? {};
      for (const [name, item] of Object.entries(record)) {
        const property = properties[name];
        if (property) {
          const problem = schemaMismatch(item, property, components, `${path}.${name}`);
          if (problem) return problem;
        } else if (s.additionalProperties === false) {
          return `${path}.${name}: not documented`;
        } else if (typeof s.additionalProperties === 'object') {
          const problem = schemaMismatch(item, s.additionalProperties as JsonSchema, components, `${path}.${name}`);
          if (problem) return problem;
        }
      }
      return null;
    }
    default:
      return null;
  }
}

const patterns = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source, 'u')));
  return pattern;
}

function anyAccepts(value: unknown, s: JsonSchema, components: Record<string, JsonSchema>, path: string): boolean {
  const choices = s.anyOf ?? s.oneOf;
  return !!choices && choices.some((choice) => schemaMismatch(value, choice, components, path) === null);
}
