import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fieldError, sendAppError } from './errors.ts';

/**
 * One rule at the edge for every string a request brings (docs/decisions/0011-hostile-input.md): path, query,
 * headers, JSON bodies (keys and values, at any depth), multipart fields and file names. A string is refused
 * with a 400 naming its field when it holds a character PostgreSQL cannot store (NUL), a lone UTF-16
 * surrogate (not encodable as UTF-8), or another C0/C1 control character (everything below U+0020 and
 * U+007F–U+009F except tab, line feed and carriage return). Invalid percent-encoding is refused the same way.
 * Nothing is stripped: what a client sends is stored as sent, or not at all.
 */

/* eslint-disable no-control-regex -- matching control characters is the point of these patterns */
// Controls except \t \n \r, DEL and C1, and any surrogate (pairs are accepted below, lone halves are not).
const suspect = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const forbiddenControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Header values arrive as latin1 (bytes ≥ 0x80 are text, not C1 controls): only C0 controls are refused there.
const headerControl = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/** True when the string may be stored as text. */
export function isStorableText(value: string): boolean {
  if (!suspect.test(value)) return true;
  return !forbiddenControl.test(value) && !loneSurrogate.test(value);
}

/** Throws the 400 (reason invalidCharacters) naming `field` when `value` may not be stored. */
export function assertStorableText(field: string, value: string): void {
  if (!isStorableText(value)) throw fieldError(field, 'invalidCharacters');
}

/**
 * Checks every key and string of a parsed JSON value. Iterative, so a deeply nested body cannot exhaust the stack;
 * the field is the dotted path of the first offender (`items.0.name`).
 */
export function assertStorableJson(root: unknown, rootField = 'body'): void {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, field] = stack.pop()!;
    if (typeof value === 'string') assertStorableText(field || rootField, value);
    else if (Array.isArray(value)) value.forEach((item, index) => stack.push([item, field ? `${field}.${index}` : String(index)]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const path = field ? `${field}.${key}` : key;
        assertStorableText(path, key);
        stack.push([item, path]);
      }
    }
  }
}

/** Each `%` of a raw path or query must start a valid escape, and the escapes must decode to UTF-8 text. */
function assertValidEncoding(field: string, raw: string): void {
  if (!raw.includes('%')) return;
  try {
    decodeURIComponent(raw);
  } catch {
    throw fieldError(field, 'invalidCharacters');
  }
}

function checkUrl(request: FastifyRequest): void {
  const url = request.raw.url ?? '/';
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  assertValidEncoding('path', rawPath);
  if (queryAt !== -1) {
    for (const pair of url.slice(queryAt + 1).split('&')) {
      const [rawKey = '', rawValue = ''] = pair.split('=', 2);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      } catch {
        // named by its raw form below
      }
      assertValidEncoding(key || 'query', rawKey);
      assertValidEncoding(key || 'query', rawValue.replaceAll('+', ' '));
    }
  }
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') assertStorableText(name === '*' ? 'path' : name, value);
  }
  assertStorableJson(request.query ?? {}, 'query');
}

function checkHeaders(request: FastifyRequest): void {
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string' && headerControl.test(one)) throw fieldError(name, 'invalidCharacters');
    }
  }
}

/**
 * Registers the rule on the root instance, before any route: onRequest checks the URL and headers (before the
 * session guard reads a token), preValidation the parsed JSON body (before schemas, guards and handlers). Multipart
 * parts are read by their handler and checked there (modules/access/files/files.ts → readForm).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    checkUrl(request);
    checkHeaders(request);
  });
  app.addHook('preValidation', async (request) => {
    // Multipart bodies are not parsed here (undefined): readForm checks their parts.
    if (request.body !== undefined) assertStorableJson(request.body);
  });
}

/**
 * Fastify's own answers for URLs it cannot route (a malformed escape in a path parameter, a parameter over the
 * router's length limit), in the envelope: the `frameworkErrors` option of the Fastify constructor.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError: AppError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? fieldError('path', 'tooLong') : fieldError('path', 'invalidCharacters');
  return sendAppError(request, reply, appError);
}
