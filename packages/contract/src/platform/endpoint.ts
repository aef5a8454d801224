import type { z } from 'zod';
import type { ApiScopeArea } from './api-scopes.ts';

/**
 * One definition per endpoint, shared by the server and the web client (docs/ARCHITECTURE.md, "One
 * definition per endpoint"). The server registers it with `route()` (validation, guard, OpenAPI tags and
 * security applied once); the web calls it with `call()`, whose parameters, body and answer types come
 * from the same schemas, so a wrong path or field fails `npm run typecheck` on both sides.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `public` anyone (rate limits are the route's business), `user` a signed-in user,
 * `member` an activated member of `?orgId=` (added to the query by the server; the web passes `orgId`).
 */
export type EndpointAccess = 'public' | 'user' | 'member';

export interface EndpointInput {
  method: HttpMethod;
  /** Under /api, Fastify style: `/tags/:kind/toTree`. */
  path: string;
  access: EndpointAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * `multipart`: the body is form data (files), validated by the handler, not by a schema. A multipart
   * endpoint that also accepts JSON names that JSON shape in `body` (the web may send either).
   */
  bodyKind?: 'json' | 'multipart';
  /** The `data` of the success envelope; `raw` endpoints answer something else (a file, a redirect, ICS). */
  response: z.ZodType | 'raw';
  /** What a `raw` endpoint answers when it succeeds, for the OpenAPI document (required for `raw`; checked by the openapi test). */
  rawAnswer?: RawAnswer;
  /** 202 for a call that starts a job and answers its state at once; 200 otherwise. */
  successStatus?: 202;
  /** One line in English; derived from the tag and name when absent (`contacts.listV2` → "Contacts: list v2"). */
  summary?: string;
  /** OpenAPI description: who may call it and the errors that are not obvious from the schemas. */
  description?: string;
  /**
   * The API area an API key or personal access token needs a scope of (platform/api-scopes.ts); without one, keys are
   * refused (403 API_KEY_SCOPE). Usually set for a whole group by `endpoints(tag, defs, { scope })`.
   */
  scope?: ApiScopeArea | readonly ApiScopeArea[];
  /**
   * `any`: every live API key or personal access token passes the guard, whatever its scopes; the handler decides with
   * them (the key's own description, REST hooks whose scope follows the event type). Signed-in people pass too.
   */
  keyAccess?: 'any';
}

/**
 * A raw success answer: a file (`mediaTypes`, a binary body), a redirect (302/303, a `Location` header) or a small
 * JSON acknowledgement for a provider (`json`). Generated clients type downloads from it.
 */
export interface RawAnswer {
  status: 200 | 302 | 303;
  description: string;
  mediaTypes?: readonly string[];
  /** A fixed JSON body (e.g. `{}` or `{ status: 0 }` for a provider's webhook), described as an object. */
  json?: true;
}

/** `group` names the operations when several groups share a tag (`contactImports` → operationId `contactImportsUpload`). */
export type Endpoint = EndpointInput & { tag: string; name: string; group?: string };

/** The endpoints of one API area (its OpenAPI tag), keyed by a name used on both sides. */
export function endpoints<const T extends Record<string, EndpointInput>>(
  tag: string,
  defs: T,
  options: { group?: string; scope?: ApiScopeArea } = {},
): { [K in keyof T]: T[K] & { tag: string; name: K & string; group?: string } } {
  const out: Record<string, Endpoint> = {};
  for (const [name, def] of Object.entries(defs)) {
    out[name] = { ...(options.scope ? { scope: options.scope } : {}), ...def, tag, name, ...(options.group ? { group: options.group } : {}) };
  }
  return out as { [K in keyof T]: T[K] & { tag: string; name: K & string; group?: string } };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The answer's data as the web receives it. */
export type EndpointData<E extends EndpointInput> = E['response'] extends z.ZodType ? z.output<E['response']> : unknown;
/** What a server handler returns (before serialization). */
export type EndpointResult<E extends EndpointInput> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;
export type EndpointParams<E extends EndpointInput> = In<E['params']>;
export type EndpointQuery<E extends EndpointInput> = In<E['query']>;
export type EndpointBody<E extends EndpointInput> = E['bodyKind'] extends 'multipart'
  ? FormData | (E['body'] extends z.ZodType ? z.input<E['body']> : never)
  : In<E['body']>;
/** Parsed (output) shapes, as the server handler sees them. */
export type EndpointParsed<E extends EndpointInput> = {
  params: Out<E['params']>;
  query: (E['query'] extends z.ZodType ? z.output<E['query']> : Record<never, never>) &
    (E['access'] extends 'member' ? { orgId: string } : Record<never, never>);
  body: E['bodyKind'] extends 'multipart' ? unknown : Out<E['body']>;
};

/** `/tags/:kind/toTree` + { kind: 'customer' } → `/tags/customer/toTree` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The names in a path (`:kind`, `:id`), for the check that every endpoint's params schema matches its path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}
