import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError, fieldError } from './errors.ts';
import { idempotencyKeys } from './idempotency.table.ts';

/**
 * Idempotent writes (docs/product.md#idempotent-writes): a workspace write sent with an `Idempotency-Key` header is
 * done once per workspace, user and key. The first request claims the key (a row without status), and its answer
 * is kept when it is sent; a repeated key replays that answer (header `Idempotent-Replayed: true`) without writing.
 * The phone's offline outbox sends each queued write with its own key, so a send that timed out after the server
 * committed is not written twice when it is retried.
 *
 * - the same key with another method, path or JSON body → 422 IDEMPOTENCY_KEY_REUSED (a multipart body is not read
 *   before the handler, so only its method and path are compared);
 * - the same key while the first request still runs → 409 IDEMPOTENCY_KEY_IN_PROGRESS (retry later); a claim older
 *   than staleClaimSeconds without an answer (its process died) may be taken over;
 * - answers that may change on a retry (401, 403, 409, 423, 429, 5xx) are not kept: the key is released.
 */
export const idempotencyHeader = 'idempotency-key';
export const idempotencyRetentionHours = 7 * 24;
const staleClaimSeconds = 120;
const keyPattern = /^[\x21-\x7e]{8,100}$/;
const transientStatuses = new Set([401, 403, 408, 409, 423, 429]);

interface Claim {
  orgId: string;
  userId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request owns an idempotency key: its answer is kept when sent. */
    idempotencyClaim: Claim | undefined;
  }
}

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', undefined);
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

function isKeptStatus(status: number): boolean {
  return status < 500 && !transientStatuses.has(status);
}

/** preHandler of every workspace write (platform/route.ts), after the member guard and privilege checks. */
export async function claimIdempotencyKey(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const header = request.headers[idempotencyHeader];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !keyPattern.test(key)) throw fieldError('Idempotency-Key', 'invalidValue');
  const orgId = (request.query as { orgId: string }).orgId;
  const userId = request.user!.id;
  const fingerprint = fingerprintOf(request);
  const t = idempotencyKeys;
  const claimed = await this.db
    .insert(t)
    .values({ orgId, userId, key, fingerprint })
    .onConflictDoUpdate({
      target: [t.orgId, t.userId, t.key],
      set: { createdAt: sql`now()` },
      setWhere: sql`${t.status} is null and ${t.fingerprint} = ${fingerprint} and ${t.createdAt} < now() - make_interval(secs => ${staleClaimSeconds})`,
    })
    .returning({ key: t.key });
  if (claimed.length > 0) {
    request.idempotencyClaim = { orgId, userId, key };
    return undefined;
  }
  const [first] = await this.db
    .select()
    .from(t)
    .where(and(eq(t.orgId, orgId), eq(t.userId, userId), eq(t.key, key)));
  if (!first || first.status === null) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
  if (first.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return reply
    .code(first.status)
    .header('content-type', first.contentType ?? 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .serializer((payload: unknown) => payload as string)
    .send(first.answer ?? '');
}

/** onSend of the same routes: keeps the first answer, or releases the key when the answer may change on a retry. */
export async function keepIdempotentAnswer(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const claim = request.idempotencyClaim;
  if (!claim) return payload;
  request.idempotencyClaim = undefined;
  const t = idempotencyKeys;
  const where = and(eq(t.orgId, claim.orgId), eq(t.userId, claim.userId), eq(t.key, claim.key));
  try {
    if (isKeptStatus(reply.statusCode) && typeof payload === 'string') {
      const contentType = reply.getHeader('content-type');
      await this.db
        .update(t)
        .set({ status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, answer: payload })
        .where(where);
    } else {
      await this.db.delete(t).where(where);
    }
  } catch (error) {
    // The write itself is done; a key left unanswered is taken over after staleClaimSeconds.
    request.log.error({ err: error }, 'idempotency: could not keep the answer');
  }
  return payload;
}

/** Hourly (scheduled-jobs.ts): keys older than the retention period are forgotten. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${idempotencyRetentionHours})`);
}
