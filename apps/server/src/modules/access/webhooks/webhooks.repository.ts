import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { members } from '../members/members.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { users } from '../users/users.table.ts';
import { apiKeys } from '../api-keys/api-keys.table.ts';
import { webhookAttempts, webhookDeliveries, webhookSubscriptions, type WebhookFilter } from './webhooks.table.ts';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

export async function listSubscriptions(db: Db, orgId: string): Promise<SubscriptionRow[]> {
  return db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.orgId, orgId)).orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id));
}

export async function findSubscription(db: Db, orgId: string, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(and(eq(webhookSubscriptions.orgId, orgId), eq(webhookSubscriptions.id, id))).limit(1);
  return row;
}

export async function insertSubscription(
  db: Db,
  orgId: string,
  values: { name: string; url: string; eventTypes: string[]; filter: WebhookFilter; secret: string; createdByUserId: string; apiKeyId?: string },
): Promise<SubscriptionRow> {
  const [row] = await db.insert(webhookSubscriptions).values({ orgId, ...values }).returning();
  return row!;
}

export async function updateSubscription(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<Pick<SubscriptionRow, 'name' | 'url' | 'eventTypes' | 'filter' | 'enabled' | 'disabledAt'>>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhookSubscriptions.orgId, orgId), eq(webhookSubscriptions.id, id)))
    .returning();
  return row;
}

export async function deleteSubscription(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(webhookSubscriptions).where(and(eq(webhookSubscriptions.orgId, orgId), eq(webhookSubscriptions.id, id))).returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

/** A REST hook made by this key (another key's, or a Settings webhook, is not found). */
export async function deleteKeySubscription(db: Db, orgId: string, apiKeyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.orgId, orgId), eq(webhookSubscriptions.apiKeyId, apiKeyId), eq(webhookSubscriptions.id, id)))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

/**
 * The enabled subscriptions of these workspaces (the fan-out of a batch of events). A REST hook whose key is revoked or
 * expired receives nothing (read-only join on api_keys).
 */
export async function enabledSubscriptionsOf(db: Db, orgIds: string[]): Promise<SubscriptionRow[]> {
  if (orgIds.length === 0) return [];
  const liveKey = sql`(${webhookSubscriptions.apiKeyId} is null or exists (select 1 from ${apiKeys} where ${apiKeys.id} = ${webhookSubscriptions.apiKeyId} and ${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())))`;
  return db.select().from(webhookSubscriptions).where(and(inArray(webhookSubscriptions.orgId, orgIds), eq(webhookSubscriptions.enabled, true), liveKey));
}

export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

export async function findDelivery(db: Db, orgId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.id, id))).limit(1);
  return row;
}

/** The last delivery of each subscription (the list's status column). */
export async function lastDeliveries(db: Db, orgId: string): Promise<Pick<DeliveryRow, 'subscriptionId' | 'status' | 'lastStatusCode' | 'updatedAt'>[]> {
  return queryRows(
    db,
    sql`select distinct on (subscription_id) subscription_id as "subscriptionId", status, last_status_code as "lastStatusCode", updated_at as "updatedAt"
        from webhook_deliveries where org_id = ${orgId} order by subscription_id, created_at desc`,
  );
}

export async function listDeliveries(db: Db, orgId: string, subscriptionId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function attemptsOf(db: Db, orgId: string, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.orgId, orgId), inArray(webhookAttempts.deliveryId, deliveryIds)))
    .orderBy(webhookAttempts.deliveryId, webhookAttempts.attempt);
}

export interface ClaimedDelivery {
  id: string;
  orgId: string;
  subscriptionId: string;
  eventId: string;
  payload: string;
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
}

/**
 * Leases up to `limit` due deliveries of enabled subscriptions (FOR UPDATE SKIP LOCKED: another server takes others)
 * and counts the attempt. A process killed mid-flight leaves the lease, which expires: the delivery is sent again.
 */
export async function claimDueDeliveries(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedDelivery>(
    db,
    sql`with due as (
          select d.id from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id and s.enabled
          where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
          order by d.next_attempt_at limit ${limit} for update of d skip locked)
        update webhook_deliveries d set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1
        from due, webhook_subscriptions s
        where d.id = due.id and s.id = d.subscription_id
        returning d.id, d.org_id as "orgId", d.subscription_id as "subscriptionId", d.event_id as "eventId", d.payload, d.attempts,
          d.give_up_at as "giveUpAt", s.url, s.secret`,
  );
  return rows.map((row) => ({ ...row, giveUpAt: new Date(row.giveUpAt) }));
}

export interface AttemptOutcome {
  deliveryId: string;
  orgId: string;
  attempt: number;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  response: string | null;
  /** Null once it succeeded or was given up. */
  nextAttemptAt: Date | null;
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * Records a batch of attempts: one insert into the log, one update of the deliveries. A delivery whose webhook was
 * deleted meanwhile is gone, and so is its line of the log. A run that outlived its lease (another run has claimed
 * the delivery again since) adds its line but leaves the delivery's state to the newer attempt.
 */
export async function recordAttempts(db: Db, outcomes: AttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.deliveryId}::uuid, ${o.orgId}::uuid, ${o.attempt}::int, ${o.status}, ${o.statusCode}::int, ${o.latencyMs}::int, ${o.error}, ${o.response}, ${o.nextAttemptAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  const outcome = sql`(values ${values}) as v(id, org_id, attempt, status, code, latency, error, response, next_at)`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into webhook_attempts (org_id, delivery_id, attempt, status_code, latency_ms, error, response)
      select v.org_id, v.id, v.attempt, v.code, v.latency, v.error, v.response from ${outcome}
      join webhook_deliveries d on d.id = v.id and d.org_id = v.org_id`);
    await tx.execute(sql`update webhook_deliveries d set status = v.status, last_status_code = v.code, last_latency_ms = v.latency, last_error = v.error,
        next_attempt_at = coalesce(v.next_at, d.next_attempt_at), locked_until = null, updated_at = now(),
        delivered_at = case when v.status = 'succeeded' then now() else d.delivered_at end
      from ${outcome}
      where d.id = v.id and d.org_id = v.org_id and d.status = 'pending' and d.attempts = v.attempt`);
  });
}

/** Turns a subscription off after persistent failure; answers whether this call did it (so admins hear once). */
export async function disableForFailures(db: Db, orgId: string, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(webhookSubscriptions.orgId, orgId), eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.enabled, true)))
    .returning();
  return row;
}

/** Activated system administrators and the top administrator: who hears that a webhook was turned off. */
export async function administratorsOf(db: Db, orgId: string): Promise<{ email: string; language: string; orgName: string }[]> {
  return db
    .select({ email: users.email, language: users.language, orgName: organizations.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(organizations, eq(organizations.id, members.orgId))
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated'), or(eq(members.isSystemAdministrator, true), eq(organizations.topAdminUserId, members.userId))));
}
