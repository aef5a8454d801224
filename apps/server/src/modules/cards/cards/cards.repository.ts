import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessCardLeads, businessCards } from './cards.table.ts';

export type CardRow = typeof businessCards.$inferSelect;
export type CardValues = Omit<typeof businessCards.$inferInsert, 'id' | 'orgId' | 'userId' | 'slug' | 'createdAt' | 'updatedAt'>;
export type LeadRow = typeof businessCardLeads.$inferSelect;

export async function findCardOf(db: Db, orgId: string, userId: string): Promise<CardRow | undefined> {
  const [row] = await db.select().from(businessCards).where(and(eq(businessCards.orgId, orgId), eq(businessCards.userId, userId)));
  return row;
}

/**
 * The public page's lookup by slug alone (the slug is the capability; the row then names its workspace), only
 * while its owner keeps it public: a missing and a hidden card look the same.
 */
export async function findPublicCard(db: Db, slug: string): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(businessCards)
    .where(and(eq(businessCards.slug, slug), eq(businessCards.isPublic, true)));
  return row;
}

/** The workspace's public cards (LINE's rich menu links to one of them). */
export async function listPublicCards(db: Db, orgId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(businessCards)
    .where(and(eq(businessCards.orgId, orgId), eq(businessCards.isPublic, true)))
    .orderBy(businessCards.lastName, businessCards.firstName)
    .limit(500);
}

/** Creates the card, or does nothing when the member already has one (a double submit): the caller re-reads. */
export async function insertCard(db: Db, orgId: string, userId: string, slug: string, values: CardValues): Promise<CardRow | undefined> {
  const [row] = await db
    .insert(businessCards)
    .values({ ...values, orgId, userId, slug })
    .onConflictDoNothing({ target: [businessCards.orgId, businessCards.userId] })
    .returning();
  return row;
}

export async function updateCard(db: Db, orgId: string, id: string, values: Partial<CardValues>): Promise<CardRow | undefined> {
  const [row] = await db
    .update(businessCards)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(businessCards.orgId, orgId), eq(businessCards.id, id)))
    .returning();
  return row;
}

export async function insertLead(db: Db, orgId: string, values: Omit<typeof businessCardLeads.$inferInsert, 'id' | 'orgId' | 'createdAt'>): Promise<void> {
  await db.insert(businessCardLeads).values({ ...values, orgId });
}

export async function listLeads(db: Db, orgId: string, cardId: string, limit = 200): Promise<LeadRow[]> {
  return db
    .select()
    .from(businessCardLeads)
    .where(and(eq(businessCardLeads.orgId, orgId), eq(businessCardLeads.cardId, cardId)))
    .orderBy(desc(businessCardLeads.createdAt))
    .limit(limit);
}
