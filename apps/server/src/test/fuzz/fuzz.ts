import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createService, saveBusiness } from '../booking.ts';
import { createDeal } from '../deals.ts';
import { contractEndpoints } from '../contract-endpoints.ts';
import { call } from '../factories.ts';
import { createCompany, createContact, setOrgPlan } from '../records.ts';
import type { TwoWorkspaces } from '../workspaces.ts';
import { schemaMismatch } from './schema-check.ts';
import { fastCheckSamples, hostileValue, mutate, Random, resolve, validValue, type IdPools, type JsonSchema } from './values.ts';

/**
 * The API fuzzer (docs/decisions/0011-hostile-input.md): every operation of the served OpenAPI document, called
 * through app.inject with valid-shaped and hostile values, as members of a real seeded workspace, as an outsider
 * and anonymously. A failure is any 5xx, and any answer whose status or body the document does not describe.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  multipart: boolean;
  secured: boolean;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzFailure {
  index: number;
  operation: string;
  role: Role;
  problem: string;
  status: number;
  request: FuzzRequest;
  answer: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  /** Operations that never answered 2xx in this run (coverage hint, not a failure). */
  neverSucceeded: string[];
  failures: FuzzFailure[];
}

/**
 * Run at the end, in this order: they end the session or the workspace the other calls use. None of the API's
 * operations reaches outside the process in tests (no SMTP, the sandbox card provider, calendar providers not
 * configured), so nothing is skipped.
 */
const lastOperations = ['POST /api/user/pwd/change', 'POST /api/forget/pwd/change', 'DELETE /api/organizations/delete', 'POST /api/logout'];

type Role = 'owner' | 'member' | 'outsider' | 'anonymous' | 'forged';

/** Multipart forms are not in the document's request bodies (fastify does not parse them): their contract schema. */
function multipartBodies(): Map<string, JsonSchema> {
  const bodies = new Map<string, JsonSchema>();
  for (const endpoint of contractEndpoints()) {
    if (endpoint.bodyKind !== 'multipart' || !endpoint.body) continue;
    const key = `${endpoint.method} /api${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
    // An empty metadata registry: the named components (ids) stay inline, as the document's resolver expects.
    bodies.set(key, z.toJSONSchema(endpoint.body, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any', metadata: z.registry() }) as JsonSchema);
  }
  return bodies;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const multipart = multipartBodies();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const multipartBody = multipart.get(key);
      operations.push({
        key,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: multipartBody ?? op.requestBody?.content?.['application/json']?.schema,
        multipart: !!multipartBody,
        secured: !!op.security?.length,
        // Shared answers (the failure envelope) are `$ref`s to components.responses.
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, answer]) => {
            const ref = (answer as { $ref?: string }).$ref;
            return [status, ref ? (doc.components?.responses?.[ref.replace('#/components/responses/', '')] ?? {}) : answer];
          }),
        ),
      });
    }
  }
  return operations.sort((a, b) => a.key.localeCompare(b.key));
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
        responses?: Operation['responses'];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema>; responses?: Operation['responses'] };
}

/** A seeded workspace: records of every kind the API reads, in the owner's workspace and in another. */
async function seedWorld(w: TwoWorkspaces, seed: number): Promise<{ pools: IdPools; idName: string }> {
  const { app, db } = w.t;
  await setOrgPlan(db, w.owner.orgId, 'subscribe_team');
  const own: string[] = [w.owner.orgId, w.owner.user.id, w.member.user.id];
  const foreign: string[] = [w.other.orgId, w.other.user.id];
  for (const [who, pool] of [
    [w.owner, own],
    [w.other, foreign],
  ] as const) {
    const companyId = await createCompany(app, who.token, who.orgId);
    pool.push(companyId, await createContact(app, who.token, who.orgId, { companyId }), await createDeal(app, who.token, who.orgId));
  }
  const business = await saveBusiness(app, w.owner.token, w.owner.orgId);
  const service = await createService(app, w.owner.token, w.owner.orgId);
  for (const answer of [business, service]) harvest(answer, own);
  // Every list the owner can read adds its ids.
  for (const path of ['/api/settings/stage', '/api/settings/product', '/api/tags/customer/toTree', '/api/settings/user/list', '/api/settings/privilege/list']) {
    harvest((await call(app, 'GET', `${path}?orgId=${w.owner.orgId}`, { token: w.owner.token })).body, own);
  }
  return { pools: { own: [...new Set(own)], foreign: [...new Set(foreign)], samples: fastCheckSamples(seed) }, idName: String(business.idName ?? 'shop') };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const genericWords = new Set(['api', 'page', 'view', 'list', 'listV2', 'settings', 'get', 'create', 'edit', 'delete', 'sort', 'user']);

/** The words of an operation's path that name what it is about (`/api/settings/product/{id}` → product). */
function pathWords(path: string): string[] {
  return path.split('/').filter((segment) => segment && !segment.startsWith('{') && !genericWords.has(segment));
}

/** Ids answered by operations about the same thing (products for products): path ids that exist, more often. */
function rememberByWord(value: unknown, path: string, byWord: Map<string, string[]>): void {
  for (const word of pathWords(path)) {
    const pool = byWord.get(word) ?? [];
    harvest(value, pool, 100);
    byWord.set(word, pool);
  }
}

function harvest(value: unknown, pool: string[], limit = 400): void {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string' && uuidPattern.test(item)) {
      if (pool.includes(item)) continue;
      if (pool.length >= limit) pool.splice(3 + (pool.length % (limit - 3)), 1);
      pool.push(item);
    } else if (item && typeof item === 'object') stack.push(...Object.values(item));
  }
}

/** encodeURIComponent, but a lone surrogate goes out as its (invalid) UTF-8-style bytes instead of throwing. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (char) => {
      const code = char.codePointAt(0)!;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    }).join('');
  }
}

function multipartPayload(random: Random, body: unknown, pools: IdPools): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${random.int(1e9)}`;
  const chunks: Buffer[] = [];
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { value: body };
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '')}"\r\n\r\n`), Buffer.from(text), Buffer.from('\r\n'));
  }
  if (random.chance(0.5)) {
    const filename = random.chance(0.5) ? String(hostileValue(random, pools)).slice(0, 300).replace(/"/g, '') : 'photo.png';
    const type = random.pick(['image/png', 'image/jpeg', 'text/html', 'application/x-msdownload', 'image/svg+xml']);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${random.pick(['avatar', 'file', 'images', 'imagesName[]', 'x'])}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: random.int(64) }, () => random.int(256))]),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface World {
  w: TwoWorkspaces;
  pools: IdPools;
  idName: string;
  components: Record<string, JsonSchema>;
  byWord: Map<string, string[]>;
}

function roleFor(random: Random, operation: Operation): Role {
  const roll = random.next();
  if (!operation.secured) return roll < 0.7 ? 'anonymous' : 'owner';
  if (roll < 0.55) return 'owner';
  if (roll < 0.7) return 'member';
  if (roll < 0.8) return 'outsider';
  if (roll < 0.9) return 'anonymous';
  return 'forged';
}

/** One request for `operation`: valid-shaped (about half), one hostile value, or a hostile whole body. */
function buildRequest(random: Random, operation: Operation, role: Role, world: World): FuzzRequest & { body?: Buffer | string; mode: string } {
  const { w, pools, components } = world;
  const mode = random.pick(['valid', 'valid', 'hostile', 'hostile', 'garbage'] as const);
  const valueOf = (schema: JsonSchema, name: string) => {
    if (name === 'orgId' && random.chance(0.9)) return w.owner.orgId;
    if (name === 'idName' && random.chance(0.7)) return world.idName;
    const related = pathWords(operation.path).flatMap((word) => world.byWord.get(word) ?? []);
    if (resolve(schema, components).format === 'uuid' && related.length > 0 && random.chance(0.7)) return random.pick(related);
    return validValue(random, schema, components, pools);
  };
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header') continue;
    if (!parameter.required && parameter.name !== 'orgId' && random.chance(0.4)) continue;
    (parameter.in === 'path' ? params : query)[parameter.name] = valueOf(parameter.schema, parameter.name);
  }
  let body = operation.body ? validValue(random, operation.body, components, pools) : undefined;
  if (mode === 'hostile') {
    const targets = [...Object.keys(params).map((k) => ['path', k]), ...Object.keys(query).map((k) => ['query', k]), ...(body !== undefined ? [['body', '']] : [])];
    const [where, name] = targets.length > 0 ? random.pick(targets) : ['query', 'extra'];
    if (where === 'path') params[name!] = hostileValue(random, pools);
    else if (where === 'query') query[name!] = random.chance(0.8) ? hostileValue(random, pools) : mutate(random, query[name!], pools);
    else body = mutate(random, body, pools);
  } else if (mode === 'garbage') {
    body = hostileValue(random, pools);
    query[random.pick(['orgId', 'extra', 'page', 'a[b]', '__proto__'])] = hostileValue(random, pools);
  }

  let url = `${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(params[name]))}`;
  const queryText = Object.entries(query)
    .flatMap(([name, value]) => (Array.isArray(value) && random.chance(0.7) ? value.map((one) => `${encode(name)}=${encode(one)}`) : [`${encode(name)}=${encode(value)}`]))
    .join('&');
  if (queryText) url += `?${queryText}`;
  if (random.chance(0.02)) url = url.replace(/=/, random.pick(['=%', '=%zz', '=%E0%A4', '=%ED%A0%80']));

  const headers: Record<string, string> = { 'accept-language': random.pick(['zh-TW', 'en-US', 'zh-CN', 'fr;q=x, *', '']) };
  const token = { owner: w.owner.token, member: w.member.token, outsider: w.other.token, anonymous: undefined, forged: random.pick(['x', 'null', random.uuid(), `${w.owner.token}x`]) }[role];
  if (token) headers.authorization = `Bearer ${token}`;
  if (body === undefined) return { method: operation.method, url, headers, mode };
  if (operation.multipart && random.chance(0.3)) {
    const form = multipartPayload(random, body, pools);
    headers['content-type'] = form.contentType;
    return { method: operation.method, url, headers, payload: `<multipart ${form.payload.length} bytes>`, body: form.payload, mode };
  }
  headers['content-type'] = random.chance(0.03) ? random.pick(['text/plain', 'application/xml', 'application/json; charset=latin1']) : 'application/json';
  const payload = JSON.stringify(body) ?? 'null';
  return { method: operation.method, url, headers, payload, body: payload, mode };
}

/** The problem with an answer, or null: 5xx, a status the document does not list, a body that does not match. */
function answerProblem(operation: Operation, status: number, contentType: string, text: string, components: Record<string, JsonSchema>): string | null {
  if (status >= 500) return `server error ${status}`;
  const documented = operation.responses[String(status)] ?? operation.responses[`${Math.floor(status / 100)}XX`] ?? operation.responses.default;
  if (!documented) {
    // Raw answers (a file, a calendar, a redirect) document their success without the envelope; other statuses below 400
    // (a redirect instead of a file) are theirs to choose.
    const envelope = operation.responses['200']?.content?.['application/json']?.schema as { properties?: object } | undefined;
    const raw = !envelope?.properties;
    return raw && status < 400 ? null : `status ${status} is not documented`;
  }
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return null;
  if (!contentType.includes('application/json')) return `content-type ${contentType} is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  return schemaMismatch(body, schema, components);
}

export interface FuzzOptions {
  seed: number;
  runs: number;
  /** Every answer, for looking at what a run did (FUZZ_TRACE). */
  trace?: unknown[];
  /** Called every 500 requests with the report so far (a long run shows its progress and keeps partial figures). */
  onProgress?: (report: FuzzReport) => void;
  /** Around every call: what a check needs from before it (events-coverage.test.ts fingerprints the records). */
  observe?: {
    before(operation: { method: string; path: string }): Promise<unknown>;
    after(operation: { method: string; path: string }, status: number, before: unknown): Promise<void>;
  };
}

export async function fuzzApi(w: TwoWorkspaces, options: FuzzOptions): Promise<FuzzReport> {
  const app: FastifyInstance = w.t.app;
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const { pools, idName } = await seedWorld(w, options.seed);
  const world: World = { w, pools, idName, components, byWord: new Map() };
  const random = new Random(options.seed);
  const all = operationsOf(doc);
  const main = all.filter((operation) => !lastOperations.includes(operation.key));
  const last = lastOperations.flatMap((key) => all.filter((operation) => operation.key === key));
  const perLast = Math.max(2, Math.floor(options.runs / all.length));
  const mainRuns = Math.max(0, options.runs - perLast * last.length);
  const schedule: Operation[] = [];
  // Round-robin over a seeded shuffle: every operation gets its share of a run.
  for (let cycle = 0; schedule.length < mainRuns; cycle += 1) {
    const order = [...main].sort(() => random.next() - 0.5);
    schedule.push(...order.slice(0, mainRuns - schedule.length));
  }
  for (const operation of last) for (let i = 0; i < perLast; i += 1) schedule.push(operation);

  const report: FuzzReport = { seed: options.seed, requests: 0, operations: all.length, byStatus: {}, neverSucceeded: [], failures: [] };
  const succeeded = new Set<string>();
  for (const [index, operation] of schedule.entries()) {
    const role = roleFor(random, operation);
    const { body, mode, ...request } = buildRequest(random, operation, role, world);
    const observed = await options.observe?.before(operation);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      // A fresh address per call: the per-IP limits of public calls would otherwise answer 429 to most of the run.
      remoteAddress: `10.${random.int(256)}.${random.int(256)}.${random.int(256)}`,
      ...(body !== undefined ? { payload: body } : {}),
    });
    await options.observe?.after(operation, answer.statusCode, observed);
    report.requests += 1;
    report.byStatus[answer.statusCode] = (report.byStatus[answer.statusCode] ?? 0) + 1;
    if (answer.statusCode < 300) succeeded.add(operation.key);
    if (options.onProgress && report.requests % 500 === 0) options.onProgress(report);
    if (options.trace) options.trace.push({ operation: operation.key, role, mode, status: answer.statusCode, url: request.url, payload: request.payload?.slice(0, 300), answer: answer.body.slice(0, 300) });
    const problem = answerProblem(operation, answer.statusCode, String(answer.headers['content-type'] ?? ''), answer.body, components);
    if (problem) {
      report.failures.push({
        index,
        operation: operation.key,
        role,
        problem,
        status: answer.statusCode,
        request: { ...request, ...(request.payload !== undefined ? { payload: request.payload.slice(0, 2000) } : {}) },
        answer: answer.body.slice(0, 1000),
      });
    } else if (answer.statusCode < 300 && (role === 'owner' || role === 'member') && answer.body.startsWith('{')) {
      const parsed: unknown = JSON.parse(answer.body);
      harvest(parsed, pools.own);
      rememberByWord(parsed, operation.path, world.byWord);
    }
  }
  report.neverSucceeded = all.map((operation) => operation.key).filter((key) => !succeeded.has(key));
  return report;
}

/** A failure as a replayable request, for the test's message and `npm run fuzz`. */
export function describeFailure(failure: FuzzFailure): string {
  const headers = Object.entries(failure.request.headers)
    .map(([name, value]) => `-H '${name}: ${value.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const data = failure.request.payload !== undefined ? ` --data '${failure.request.payload.slice(0, 500).replace(/'/g, "'\\''")}'` : '';
  return `#${failure.index} ${failure.operation} as ${failure.role}: ${failure.problem}\n  curl -X ${failure.request.method} '${failure.request.url}' ${headers}${data}\n  → ${failure.status} ${failure.answer.slice(0, 300)}`;
}
