import {
  errorStatus,
  fieldTitle,
  textFieldTitle,
  formatErrorMessage,
  validationReasonMessages,
  validationReasons,
  type ErrorCode,
  type FieldError,
  type Locale,
  type ValidationReason,
} from '@lodestar/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from './i18n.ts';

/** The one error type the server throws on purpose; the handler below turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly details: FieldError[] | undefined;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, details?: FieldError[]) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.details = details;
  }
}

/** A 400 naming one field, for rules checked by services (e.g. a body orgId that must match). */
export function fieldError(field: string, reason: ValidationReason, label?: string): AppError {
  // The message is localized when written; keep the field, reason and the field's title (if it has its own) here.
  return new AppError('VALIDATION_FAILED', { field, reason }, [{ field, reason, message: '', ...(label ? { label } : {}) }]);
}

// ---- success envelope ----

export function ok<T>(data: T): { result: 'success'; data: T; errorMessage: null; errorCode: null } {
  return { result: 'success', data, errorMessage: null, errorCode: null };
}

/** The response schema of a successful answer, so OpenAPI documents the envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ result: z.literal('success'), data, errorMessage: z.null(), errorCode: z.null() });
}

export const failEnvelopeSchema = z.object({
  result: z.literal('fail'),
  data: z.null(),
  errorMessage: z.string(),
  errorCode: z.string(),
  details: z.array(z.object({ field: z.string(), reason: z.string(), message: z.string(), label: z.string().optional() })).optional(),
}).meta({ id: 'ErrorEnvelope' }); // one named schema in the OpenAPI document (platform/openapi-components.ts)

// ---- failure envelope ----

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

function reasonOf(issue: ZodIssueLike): ValidationReason {
  const { keyword, params, message } = issue;
  if (keyword === 'invalid_type' && /received undefined|received null/.test(message)) return 'required';
  if (keyword === 'invalid_format') {
    if (params.format === 'email') return 'invalidEmail';
    if (params.format === 'date' || params.format === 'datetime') return 'invalidDate';
    return 'invalidValue';
  }
  if (keyword === 'too_small') return params.origin === 'string' && params.minimum === 1 ? 'required' : 'tooShort';
  if (keyword === 'too_big') return 'tooLong';
  // Contract refinements name their reason in the message (e.g. dateOnlySchema → invalidDate).
  if ((validationReasons as readonly string[]).includes(message)) return message as ValidationReason;
  return 'invalidValue';
}

function localizeDetails(locale: Locale, details: FieldError[]): FieldError[] {
  return details.map((d) => ({ ...d, message: validationReasonMessages[locale][d.reason] }));
}

function validationMessage(locale: Locale, details: FieldError[]): string {
  const first = details[0];
  if (!first) return formatErrorMessage(locale, 'VALIDATION_FAILED', { field: '', reason: '' });
  return formatErrorMessage(locale, 'VALIDATION_FAILED', { field: fieldTitle(locale, first.field, first.label ?? textFieldTitle(locale, first.field)), reason: first.message });
}

function sendFail(
  reply: FastifyReply,
  code: ErrorCode,
  errorMessage: string,
  details?: FieldError[],
): FastifyReply {
  const body: Record<string, unknown> = { result: 'fail', data: null, errorMessage, errorCode: code };
  if (details && details.length > 0) body.details = details;
  // Bypass the route's response serializer: error answers are not the route's success schema.
  return reply
    .code(errorStatus[code])
    .header('content-type', 'application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const locale = requestLocale(request);
  if (error.code === 'VALIDATION_FAILED' && error.details) {
    const details = localizeDetails(locale, error.details);
    return sendFail(reply, error.code, validationMessage(locale, details), details);
  }
  if (errorStatus[error.code] === 429 && typeof error.params.seconds === 'number') {
    // Machine-readable wait for clients; the localized message carries the same number.
    reply.header('retry-after', String(error.params.seconds));
  }
  return sendFail(reply, error.code, formatErrorMessage(locale, error.code, error.params), error.details);
}

export function registerErrorHandlers(app: FastifyInstance, options: { spaFallback: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);

    const locale = requestLocale(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = localizeDetails(
        locale,
        (error.validation as unknown as ZodIssueLike[]).map((issue) => ({
          field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
          reason: reasonOf(issue),
          message: '',
        })),
      );
      return sendFail(reply, 'VALIDATION_FAILED', validationMessage(locale, details), details);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendFail(reply, 'BODY_TOO_LARGE', formatErrorMessage(locale, 'BODY_TOO_LARGE'));
    }
    // Other 4xx raised by fastify itself (malformed JSON, bad content type...): a validation failure of the body.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const byStatus: Partial<Record<number, ErrorCode>> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED' };
      const code = byStatus[error.statusCode];
      if (code) return sendFail(reply, code, formatErrorMessage(locale, code));
      const details = localizeDetails(locale, [{ field: 'body', reason: 'invalidValue', message: '' }]);
      return sendFail(reply, 'VALIDATION_FAILED', validationMessage(locale, details), details);
    }
    // Everything else is our fault: log it with the request id (pino adds reqId), answer nothing internal.
    request.log.error({ err: error }, 'unhandled error');
    return sendFail(reply, 'INTERNAL', formatErrorMessage(locale, 'INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (options.spaFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/member/login, /{orgId}/index...) all load the SPA shell.
      return options.spaFallback(request, reply);
    }
    const locale = requestLocale(request);
    return sendFail(reply, 'ROUTE_NOT_FOUND', formatErrorMessage(locale, 'ROUTE_NOT_FOUND'));
  });
}

/** Validate a body the route could not give to fastify's schema (multipart): a 400 naming each bad field. */
export function parseOrFail<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details: FieldError[] = parsed.error.issues.map((issue) => {
    const field = issue.path.join('.') || 'body';
    let reason: ValidationReason = 'invalidValue';
    if (issue.code === 'invalid_type' && issue.input === undefined) reason = 'required';
    else if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) reason = 'required';
    else if (issue.code === 'too_small') reason = 'tooShort';
    else if (issue.code === 'too_big') reason = 'tooLong';
    else if (issue.code === 'invalid_format' && issue.format === 'email') reason = 'invalidEmail';
    else if ((validationReasons as readonly string[]).includes(issue.message)) reason = issue.message as ValidationReason;
    return { field, reason, message: '' };
  });
  return (() => {
    throw new AppError('VALIDATION_FAILED', { field: details[0]!.field, reason: details[0]!.reason }, details);
  })();
}
