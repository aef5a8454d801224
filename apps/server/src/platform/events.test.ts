import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call } from '../test/factories.ts';
import { createContact } from '../test/records.ts';
import { createDeal } from '../test/deals.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../test/workspaces.ts';
import { consumeEvents, eventPayload, listEvents, type EventRow } from './events.ts';
import { runAsEventActor } from './event-actor.ts';

let w: TwoWorkspaces;
beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});

async function eventsSince(seq: number, orgId = w.owner.orgId): Promise<EventRow[]> {
  return listEvents(w.t.db, orgId, { afterSeq: seq });
}

async function lastSeq(): Promise<number> {
  const all = await listEvents(w.t.db, w.owner.orgId, { limit: 100_000 });
  return all.at(-1)?.seq ?? 0;
}

describe('the events outbox', () => {
  it('keeps contact.created/updated/deleted/restored with the actor and the changed fields', async () => {
    const start = await lastSeq();
    const id = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Grace', lastName: 'Hopper' });
    const edited = await call(w.t.app, 'POST', `/api/customer?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { id, firstName: 'Grace', lastName: 'Brewster', position: 'Admiral' } });
    expect(edited.status).toBe(200);
    expect((await call(w.t.app, 'DELETE', `/api/customer/${id}?orgId=${w.owner.orgId}`, { token: w.owner.token })).status).toBe(200);
    const restored = await call(w.t.app, 'POST', `/api/trash/restore?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { items: [{ type: 'contact', id }] } });
    expect(restored.status).toBe(200);

    const got = (await eventsSince(start)).filter((e) => e.recordId === id);
    expect(got.map((e) => e.type)).toEqual(['contact.created', 'contact.updated', 'contact.deleted', 'contact.restored']);
    expect(new Set(got.map((e) => e.actor))).toEqual(new Set([`user:${w.owner.user.id}`]));
    const updated = eventPayload(got[1]!);
    expect(updated.data.changed).toEqual(expect.arrayContaining(['lastName', 'position']));
    expect(updated.data.changed).not.toContain('updatedAt');
    expect(updated.data.previous).toMatchObject({ lastName: 'Hopper', position: null });
    expect(updated.data.record).toMatchObject({ id, firstName: 'Grace', lastName: 'Brewster' });
    expect(updated.data.record).not.toHaveProperty('searchText');
    expect(updated.actor).toEqual({ kind: 'user', id: w.owner.user.id });
    // Another workspace's outbox has none of them.
    expect((await eventsSince(0, w.other.orgId)).filter((e) => e.recordId === id)).toEqual([]);
  });

  it('keeps deal.stage_changed and deal.won when a deal is won', async () => {
    const start = await lastSeq();
    const id = await createDeal(w.t.app, w.owner.token, w.owner.orgId);
    const won = await call(w.t.app, 'PUT', `/api/deal/${id}/stage?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { stage: 1000 } });
    expect(won.status).toBe(200);
    const types = (await eventsSince(start)).filter((e) => e.recordId === id).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['deal.created', 'deal.updated', 'deal.stage_changed', 'deal.won']));
  });

  it('keeps note events and nothing for a write that changes no field', async () => {
    const contactId = await createContact(w.t.app, w.owner.token, w.owner.orgId);
    const start = await lastSeq();
    const note = await call(w.t.app, 'POST', `/api/notes?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { entityType: 'contact', entityId: contactId, content: 'Called' } });
    expect(note.status).toBe(200);
    await call(w.t.app, 'DELETE', `/api/notes/${note.body.data.id}?orgId=${w.owner.orgId}`, { token: w.owner.token });
    expect((await eventsSince(start)).map((e) => e.type)).toEqual(expect.arrayContaining(['note.created', 'note.deleted']));
    const before = await lastSeq();
    await w.t.db.execute(`update contacts set updated_at = now() where id = '${contactId}'`);
    expect(await lastSeq()).toBe(before);
  });

  it('names jobs as system and lets a job name its actor', async () => {
    const start = await lastSeq();
    await w.t.db.execute(`update contacts set position = 'Job' where org_id = '${w.owner.orgId}'`);
    // Drizzle's queries run when awaited: the await belongs inside.
    await runAsEventActor(`user:${w.member.user.id}`, async () => {
      await w.t.db.execute(`update contacts set position = 'Named' where org_id = '${w.owner.orgId}'`);
    });
    const got = await eventsSince(start);
    expect(got.filter((e) => e.data.record.position === 'Job').every((e) => e.actor === 'system')).toBe(true);
    expect(got.filter((e) => e.data.record.position === 'Named').every((e) => e.actor === `user:${w.member.user.id}`)).toBe(true);
  });

  it('hands each event to a consumer once, in order, and never past a transaction still running', async () => {
    const seen: { id: string; type: string; recordId: unknown }[] = [];
    const drain = async () => {
      while ((await consumeEvents(w.t.db, 'test', 50, async (_tx, batch) => void seen.push(...batch.map((e) => ({ id: e.id, type: e.type, recordId: e.data.record?.id }))))) > 0);
    };
    await drain();
    const contactId = await createContact(w.t.app, w.owner.token, w.owner.orgId);
    const created = () => seen.filter((e) => e.recordId === contactId && e.type === 'contact.created').length;
    // The outbox reads only behind the server's oldest running transaction (pg_snapshot_xmin): on a PostgreSQL server
    // shared with other test files the event may wait for one of theirs to end.
    await expect.poll(async () => (await drain(), created()), { timeout: 30_000, interval: 200 }).toBe(1);
    await drain();
    expect(created()).toBe(1);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
  });

  it('orders by transaction id as a number, not as text, and reads the outbox by its index', async () => {
    // 99 sorts after 100 as text: read in that order, the cursor passed 100 and never came back for 99.
    const orgId = w.owner.orgId;
    await w.t.db.execute(sql`insert into events (xid, org_id, type, actor, record_kind, record_id, data)
      values ('100'::xid8, ${orgId}, 'test.order', 'system', 'test', gen_random_uuid(), '{}'), ('99'::xid8, ${orgId}, 'test.order', 'system', 'test', gen_random_uuid(), '{}')`);
    await w.t.db.execute(sql`insert into event_cursors (consumer, last_xid, last_seq) values ('xid-order', '98'::xid8, 0)`);
    const read: string[] = [];
    for (let i = 0; i < 2; i++) await consumeEvents(w.t.db, 'xid-order', 1, async (_tx, batch) => void read.push(...batch.map((e) => e.xid)));
    await w.t.db.execute(sql`delete from events where type = 'test.order'`);
    expect(read).toEqual(['99', '100']);
  });
});
