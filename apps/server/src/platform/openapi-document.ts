import type { Endpoint, RawAnswer } from '@lodestar/contract';
import { useSharedComponents } from './openapi-components.ts';

/**
 * What the OpenAPI document needs beyond what fastify-swagger derives from the route schemas: a stable operationId and
 * an English summary per operation (generated SDK methods are named from them), and the success answer of `raw`
 * endpoints (files, redirects, provider acknowledgements), which have no zod schema to derive it from.
 */

/** `contacts` + `listV2` → `contactsListV2`; `calendar-sync` + `callback` → `calendarSyncCallback`. Stable: from the contract. */
export function operationIdOf(endpoint: Pick<Endpoint, 'tag' | 'name' | 'group'>): string {
  const words = `${endpoint.group ?? endpoint.tag}-${endpoint.name}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word[0]!.toLowerCase() : word[0]!.toUpperCase()) + word.slice(1)).join('');
}

/** `contacts` + `listV2` → "Contacts: list v2", unless the contract gives one. */
export function summaryOf(endpoint: Pick<Endpoint, 'tag' | 'name' | 'summary'>): string {
  if (endpoint.summary) return endpoint.summary;
  const spaced = (text: string) =>
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([a-z])([0-9])/g, '$1 $2')
      .replace(/[-_]+/g, ' ')
      .toLowerCase();
  const tag = spaced(endpoint.tag);
  return `${tag[0]!.toUpperCase()}${tag.slice(1)}: ${spaced(endpoint.name)}`;
}

/** Raw answers by `METHOD /path/{param}` (the document's path form), filled by route() as endpoints are registered. */
const rawAnswers = new Map<string, RawAnswer>();

export function rememberRawAnswer(method: string, fastifyPath: string, answer: RawAnswer): void {
  rawAnswers.set(`${method.toLowerCase()} ${fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, answer);
}

type Operations = Record<string, { responses?: Record<string, unknown> } | undefined>;

/**
 * The last touches of the served document (fastify-swagger's transformObject): each raw endpoint's success answer, the
 * shared failure answers (openapi-components.ts), the tag list, and tuples written the way every validator reads them.
 */
export function completeDocument<D extends { paths?: object; tags?: unknown }>(document: D): D {
  documentRawAnswers(document);
  useSharedComponents(document);
  const tags = new Set<string>();
  for (const operations of Object.values((document.paths ?? {}) as Record<string, Record<string, { tags?: string[] }>>)) {
    for (const operation of Object.values(operations)) for (const tag of operation.tags ?? []) tags.add(tag);
  }
  document.tags = [...tags].sort().map((name) => ({ name }));
  openTuples(document);
  return document;
}

/**
 * zod writes a fixed-length tuple as `prefixItems` + `items: false`; Spectral's `array-items` rule wants `items` to be a
 * schema. With `maxItems` equal to the prefix's length, `items: {}` admits exactly the same arrays.
 */
function openTuples(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) openTuples(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.prefixItems) && schema.items === false && schema.maxItems === schema.prefixItems.length) schema.items = {};
  for (const value of Object.values(schema)) openTuples(value);
}

function documentRawAnswers(document: { paths?: object }): void {
  for (const [url, operations] of Object.entries((document.paths ?? {}) as Record<string, Operations | undefined>)) {
    for (const [method, operation] of Object.entries(operations ?? {})) {
      if (!operation) continue;
      const answer = rawAnswers.get(`${method} ${url}`);
      if (!answer) continue;
      operation.responses = { [String(answer.status)]: rawResponse(answer), ...operation.responses };
    }
  }
}

function rawResponse(answer: RawAnswer): Record<string, unknown> {
  if (answer.status !== 200) {
    return { description: answer.description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } };
  }
  if (answer.json) return { description: answer.description, content: { 'application/json': { schema: { type: 'object' } } } };
  const binary = { schema: { type: 'string', format: 'binary' } };
  return { description: answer.description, content: Object.fromEntries((answer.mediaTypes ?? ['application/octet-stream']).map((type) => [type, binary])) };
}
