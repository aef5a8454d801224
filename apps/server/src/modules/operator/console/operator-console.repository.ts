import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { allOf } from '../../../db/paging.ts';
import { members } from '../../access/members/members.table.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { timelineEvents } from '../../access/timeline/timeline.table.ts';
import { users } from '../../access/users/users.table.ts';
import { billingCharges, billingSubscriptions } from '../../billing/subscriptions/subscriptions.table.ts';
import { operatorAuditEvents } from './operator-audit.table.ts';

/**
 * The operator console reads across workspaces (docs/ARCHITECTURE.md, written exceptions): workspaces with their
 * owner, seats, subscription and last activity, and every charge. Read-only; its writes go through the owning
 * modules' services. Pages use OFFSET with an exact count: operators page through hundreds, not millions.
 */
export type AuditRow = typeof operatorAuditEvents.$inferSelect;

const pattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export interface WorkspaceRow {
  id: string;
  name: string;
  plan: string;
  frozenAt: Date | null;
  createdAt: Date;
  ownerEmail: string | null;
  subscriptionStatus: string | null;
  extraSeats: number | null;
  seatsUsed: number;
  lastActivityAt: Date | null;
}

function workspaceColumns() {
  return {
    id: organizations.id,
    name: organizations.name,
    plan: organizations.plan,
    frozenAt: organizations.frozenAt,
    createdAt: organizations.createdAt,
    ownerEmail: users.email,
    subscriptionStatus: billingSubscriptions.status,
    extraSeats: billingSubscriptions.extraSeats,
    seatsUsed: sql<number>`(select count(*)::int from ${members} where ${members.orgId} = ${organizations.id} and ${members.status} = 'activated')`,
    // The latest recorded change (every service writes the timeline in its transaction).
    lastActivityAt: sql<Date | null>`(select max(${timelineEvents.createdAt}) from ${timelineEvents} where ${timelineEvents.orgId} = ${organizations.id})`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    ),
  };
}

function workspaceQuery(db: Db, where: SQL | undefined) {
  return db
    .select(workspaceColumns())
    .from(organizations)
    .leftJoin(users, eq(users.id, organizations.topAdminUserId))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.orgId, organizations.id))
    .where(allOf(isNull(organizations.deletedAt), where));
}

/** Workspaces by name or owner e-mail, newest first. */
export async function listWorkspaces(db: Db, keyword: string, limit: number, offset: number): Promise<{ rows: WorkspaceRow[]; total: number }> {
  const where = keyword ? or(ilike(organizations.name, pattern(keyword)), ilike(users.email, pattern(keyword)), isUuid(keyword) ? eq(organizations.id, keyword) : undefined) : undefined;
  const [rows, counted] = await Promise.all([
    workspaceQuery(db, where).orderBy(desc(organizations.createdAt), desc(organizations.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .leftJoin(users, eq(users.id, organizations.topAdminUserId))
      .where(allOf(isNull(organizations.deletedAt), where)),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await workspaceQuery(db, eq(organizations.id, id)).limit(1);
  return row;
}

export interface ChargeFilter {
  keyword: string;
  status: string | undefined;
  /** Instants bounding created_at (from inclusive, until exclusive). */
  from: Date | undefined;
  until: Date | undefined;
}

/** Every workspace's charges, newest first, by workspace (name or id), status and date. */
export async function listCharges(db: Db, filter: ChargeFilter, limit: number, offset: number) {
  const where = and(
    filter.keyword ? or(ilike(organizations.name, pattern(filter.keyword)), isUuid(filter.keyword) ? eq(billingCharges.orgId, filter.keyword) : undefined) : undefined,
    filter.status ? inArray(billingCharges.status, [filter.status as 'paid']) : undefined,
    filter.from ? gte(billingCharges.createdAt, filter.from) : undefined,
    filter.until ? lt(billingCharges.createdAt, filter.until) : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select({ charge: billingCharges, workspaceName: organizations.name })
      .from(billingCharges)
      .innerJoin(organizations, eq(organizations.id, billingCharges.orgId))
      .where(where)
      .orderBy(desc(billingCharges.createdAt), desc(billingCharges.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(billingCharges).innerJoin(organizations, eq(organizations.id, billingCharges.orgId)).where(where),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function insertAuditEvent(db: Db, values: typeof operatorAuditEvents.$inferInsert): Promise<AuditRow> {
  const [row] = await db.insert(operatorAuditEvents).values(values).returning();
  return row!;
}

export async function listAuditEvents(db: Db, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db.select().from(operatorAuditEvents).orderBy(desc(operatorAuditEvents.at), desc(operatorAuditEvents.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(operatorAuditEvents),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Workspace names by id (the invoice list names each invoice's workspace). */
export async function workspaceNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
