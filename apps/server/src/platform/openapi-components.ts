import type { Endpoint } from '@lodestar/contract';
import { z } from 'zod';

/**
 * Named components of the OpenAPI document, so operations refer to one definition (`$ref`) instead of repeating it and
 * SDK users get named types (`components['schemas']['Contact']`):
 * - `components.schemas`: every contract schema exported as `<name>Schema` that two or more operations answer with
 *   (anywhere in their answer) is registered under `<Name>` in zod's global registry, which fastify-type-provider-zod
 *   turns into a component and a `$ref` (its input form, when a request carries it, is `<Name>Input`);
 * - `components.responses`: the failure envelope every operation documents for 4XX and 5XX.
 * Names come from the contract's export names, so renaming an exported schema renames its SDK type (a breaking change,
 * like renaming an endpoint: docs/decisions/0017-openapi-3-1-and-the-sdk.md).
 */

/** Every endpoint registered by route() (a set: tests build several apps in one process). */
const servedEndpoints = new Set<Endpoint>();

export function rememberServedEndpoint(endpoint: Endpoint): void {
  servedEndpoints.add(endpoint);
}

/** The schemas directly inside one zod schema (object fields, array items, union options, wrapped types). */
function innerSchemas(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, z.core.$ZodType>), ...(def.catchall ? [def.catchall as z.core.$ZodType] : [])];
    case 'array':
      return [def.element as z.core.$ZodType];
    case 'union':
      return def.options as z.core.$ZodType[];
    case 'intersection':
      return [def.left as z.core.$ZodType, def.right as z.core.$ZodType];
    case 'record':
      return [def.keyType as z.core.$ZodType, def.valueType as z.core.$ZodType];
    case 'tuple':
      return [...(def.items as z.core.$ZodType[]), ...(def.rest ? [def.rest as z.core.$ZodType] : [])];
    case 'pipe':
      return [def.in as z.core.$ZodType, def.out as z.core.$ZodType];
    case 'lazy':
      return [(def.getter as () => z.core.$ZodType)()];
    default:
      return def.innerType ? [def.innerType as z.core.$ZodType] : [];
  }
}

function reachable(root: z.core.$ZodType): Set<z.core.$ZodType> {
  const seen = new Set<z.core.$ZodType>();
  const stack = [root];
  while (stack.length > 0) {
    const schema = stack.pop()!;
    if (seen.has(schema)) continue;
    seen.add(schema);
    stack.push(...innerSchemas(schema));
  }
  return seen;
}

/** `dealRowSchema` → `DealRow`. */
const componentName = (exportName: string) => exportName[0]!.toUpperCase() + exportName.slice(1, -'Schema'.length);

/**
 * Names the shared answer schemas (see above). `exports` is the contract's module namespace; a schema exported under
 * two names takes the first. Idempotent: a schema that already has an id (e.g. the recursive Tag) keeps it.
 */
export function nameSharedSchemas(exports: Record<string, unknown>): void {
  const names = new Map<z.core.$ZodType, string>();
  for (const [exportName, value] of Object.entries(exports)) {
    if (value instanceof z.ZodObject && exportName.endsWith('Schema') && !names.has(value)) names.set(value, componentName(exportName));
  }
  const answeredBy = new Map<z.core.$ZodType, number>();
  for (const endpoint of servedEndpoints) {
    if (!(endpoint.response instanceof z.ZodType)) continue;
    for (const schema of reachable(endpoint.response)) answeredBy.set(schema, (answeredBy.get(schema) ?? 0) + 1);
  }
  const taken = new Set([...z.globalRegistry._idmap.keys()]);
  for (const [schema, name] of names) {
    if ((answeredBy.get(schema) ?? 0) < 2 || z.globalRegistry.get(schema)?.id) continue;
    // fastify-type-provider-zod names a schema's input form `<id>Input`: no two names may meet that way.
    if (taken.has(name) || taken.has(`${name}Input`) || (name.endsWith('Input') && taken.has(name.slice(0, -'Input'.length)))) {
      throw new Error(`OpenAPI component name ${name} is taken twice: rename one of the contract's exported schemas`);
    }
    taken.add(name);
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id: name });
  }
}

type Json = Record<string, unknown>;
interface Components {
  schemas?: Record<string, unknown>;
  responses?: Record<string, unknown>;
}

const failureResponses = {
  '4XX': { name: 'Refused', description: 'Refused: the failure envelope, its errorCode and a message in the caller\'s language; `details` name the fields of a bad request.' },
  '5XX': { name: 'ServerError', description: 'Server error: the failure envelope (no internals; the request id is in the x-request-id header).' },
} as const;

/**
 * Each operation's 4XX and 5XX answers (the same failure envelope, platform/errors.ts) become one `$ref` to
 * `components.responses`; then the components no operation reaches are dropped (every registered schema has an
 * input and an output form; usually only one is used).
 */
export function useSharedComponents(document: { paths?: object; components?: Components }): void {
  const components = (document.components ??= {});
  for (const operations of Object.values((document.paths ?? {}) as Record<string, Record<string, { responses?: Json }>>)) {
    for (const operation of Object.values(operations)) {
      for (const [status, { name, description }] of Object.entries(failureResponses)) {
        const answer = operation.responses?.[status] as Json | undefined;
        if (!answer || answer.$ref) continue;
        const shared = { ...answer, description };
        components.responses ??= {};
        components.responses[name] ??= shared;
        // Only an identical answer is replaced: an operation that documents its own failure keeps it.
        if (JSON.stringify(components.responses[name]) === JSON.stringify(shared)) operation.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  dropUnusedComponents(document as Json & { components: Components });
}

function dropUnusedComponents(document: Json & { components: Components }): void {
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/') && !used.has(value)) {
        used.add(value);
        const [, , kind, name] = value.split('/');
        visit((document.components as Record<string, Record<string, unknown> | undefined>)[kind!]?.[name!]);
      } else visit(value);
    }
  };
  visit(document.paths);
  for (const kind of ['schemas', 'responses'] as const) {
    const entries = document.components[kind];
    if (!entries) continue;
    for (const name of Object.keys(entries)) if (!used.has(`#/components/${kind}/${name}`)) delete entries[name];
  }
}
