import { defaultTimezone } from '@lodestar/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { createService, reservationBody, saveBusiness } from '../../../test/booking.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type Json } from '../../../test/factories.ts';
import { createContact, crmFixture, type CrmFixture } from '../../../test/records.ts';
import { webhookReceiver } from '../../../test/webhook-receiver.ts';
import { schedules } from '../../calendar/schedules/schedules.table.ts';
import { dispatchEvents, runWorkflows, scanTimedTriggers } from './workflows.runner.ts';
import { members } from '../../access/members/members.table.ts';
import { workflowRuns, workflowStepResults } from './workflows.table.ts';
import { consumeAll } from '../../../test/outbox.ts';

/** The triggers and steps after the first slice: reservations, dates, quiet contacts, weekly schedules; owner assignment, deals, webhooks, branches. */

let f: CrmFixture;
const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const owner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => call(f.t.app, method, url(path), { token: f.owner.token, ...(body === undefined ? {} : { body }) });
// Every committed event matched first (test/outbox.ts: on a shared PostgreSQL server one pass can stop short), then the runs.
const drain = async () => {
  await consumeAll(f.t.db, 'workflows', () => dispatchEvents(f.t.db));
  for (let i = 0; i < 4; i++) await runWorkflows(f.t.db, { leaseSeconds: 1, blockPrivate: false });
};
const runsOf = (workflowId: string) => f.t.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
const resultsOf = async (workflowId: string) => {
  const runs = await runsOf(workflowId);
  return runs.length === 0 ? [] : f.t.db.select().from(workflowStepResults).where(inArray(workflowStepResults.runId, runs.map((r) => r.id)));
};

async function create(body: Record<string, unknown>): Promise<Json> {
  const answer = await owner('POST', '/settings/workflows', { description: '', enabled: true, conditions: { groups: [] }, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const remove = async (id: string) => expect((await owner('DELETE', `/settings/workflows/${id}`)).status).toBe(200);
const taipeiDay = (offsetDays: number) => new Intl.DateTimeFormat('en-CA', { timeZone: defaultTimezone }).format(new Date(Date.now() + offsetDays * 86_400_000));

beforeAll(async () => {
  f = await crmFixture();
  await dispatchEvents(f.t.db, 1000);
});
afterAll(async () => {
  await f?.t.close();
});

describe('a reservation made: round-robin the new lead and open a deal for it', () => {
  it('shares the contacts between the members in turn and creates one deal each, however often the runner goes', async () => {
    const business = await saveBusiness(f.t.app, f.owner.token, f.owner.orgId);
    const service = await createService(f.t.app, f.owner.token, f.owner.orgId);
    const workflow = await create({
      name: 'Bookings in turn',
      trigger: { type: 'reservation.created' },
      steps: [
        { type: 'assignOwner', mode: 'roundRobin', userIds: [f.owner.user.id, f.member.user.id] },
        { type: 'createDeal', name: 'Booking: {{name}}', amount: 1200 },
      ],
    });
    for (const [name, phone, time] of [['王小明', '0912-345-678', '10:00'], ['李大華', '0922-333-444', '12:00']] as const) {
      const made = await owner('POST', '/booking/reservation', reservationBody(business.id, service.id, { name, phone, email: `${phone}@example.com`, selectedTime: time }));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    await drain();
    await drain();
    const runs = await runsOf(workflow.id);
    expect(runs.map((r) => [r.status, r.error]), JSON.stringify(runs.map((r) => r.record))).toEqual([['succeeded', null], ['succeeded', null]]);
    // The created event's record has no contact yet (linked by the next statement): the steps read the link as it is now.
    const linked = await queryRows<{ contactId: string; owner: string }>(
      f.t.db,
      sql`select c.id as "contactId", c.owner_user_id as owner from reservations r join contacts c on c.id = r.contact_id where r.id in (${sql.join(runs.map((r) => sql`${r.recordId}::uuid`), sql`, `)})`,
    );
    const contactIds = linked.map((l) => l.contactId);
    const owners = linked;
    expect(new Set(owners.map((o) => o.owner))).toEqual(new Set([f.owner.user.id, f.member.user.id]));
    const deals = await queryRows<{ name: string; clientId: string; amount: number }>(f.t.db, sql`select name, client_id as "clientId", amount from deals where org_id = ${f.owner.orgId} and name like 'Booking: %'`);
    expect(deals.map((d) => d.name).sort()).toEqual(['Booking: 李大華', 'Booking: 王小明']);
    expect(new Set(deals.map((d) => d.clientId))).toEqual(new Set(contactIds));
    // Exactly once per (run, step): two rows a run.
    expect(await resultsOf(workflow.id)).toHaveLength(4);
    await remove(workflow.id);
  });
});

describe('a date reached and a contact gone quiet (the time scan)', () => {
  it('starts once for a deal closing within the days before, lists it in the dry run, and not for one further off', async () => {
    const soon = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Closing soon', estimatedEndDate: taipeiDay(3) });
    await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Far off', estimatedEndDate: taipeiDay(40) });
    const body = { name: 'Before close', trigger: { type: 'date.reached', dateField: 'deal.estimatedEndDate', daysBefore: 7 }, steps: [{ type: 'createTask', title: 'Closes soon: {{name}}', assigneeUserId: null, dueInDays: 0 }] };
    const dry = await owner('POST', '/settings/workflows/dry-run', { ...body, description: '', enabled: false, conditions: { groups: [] } });
    expect(dry.body.data.matches.map((m: Json) => m.recordId)).toEqual([soon]);
    const workflow = await create(body);
    expect(await scanTimedTriggers(f.t.db)).toBe(1);
    expect(await scanTimedTriggers(f.t.db)).toBe(0);
    await drain();
    const tasks = await f.t.db.select().from(schedules).where(and(eq(schedules.orgId, f.owner.orgId), eq(schedules.dealId, soon)));
    expect(tasks.map((t) => t.title)).toEqual(['Closes soon: Closing soon']);
    await remove(workflow.id);
  });

  it('a contact not contacted for 90 days: the branch makes a task only for the important ones, and everyone quiet is notified', async () => {
    const important = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Quiet', lastName: '陳', isImportant: true });
    const plain = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Plain', lastName: '林' });
    const recent = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Recent', lastName: '張' });
    await f.t.db.execute(sql`update contacts set last_contact_at = now() - interval '91 days' where id in (${important}, ${plain})`);
    await f.t.db.execute(sql`update contacts set last_contact_at = now() - interval '10 days' where id = ${recent}`);
    const workflow = await create({
      name: 'Re-engage',
      trigger: { type: 'contact.idle', days: 90 },
      steps: [
        { type: 'branch', conditions: { groups: [[{ field: 'isImportant', op: 'eq', value: 'true' }]] }, thenSteps: 1 },
        { type: 'createTask', title: 'Call {{name}}', assigneeUserId: null, dueInDays: 0 },
        { type: 'notify', userIds: [f.owner.user.id], notifyOwner: false, message: '{{name}} has been quiet' },
      ],
    });
    expect(await scanTimedTriggers(f.t.db)).toBe(2);
    await drain();
    const runs = await runsOf(workflow.id);
    expect(runs.map((r) => r.recordId).sort()).toEqual([important, plain].sort());
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
    const tasks = await queryRows<{ title: string }>(f.t.db, sql`select title from schedules where org_id = ${f.owner.orgId} and title like 'Call %'`);
    expect(tasks.map((t) => t.title)).toEqual(['Call 陳Quiet']);
    const results = await resultsOf(workflow.id);
    // The important contact: branch, task, notify; the other: branch, notify.
    expect(results).toHaveLength(5);
    await remove(workflow.id);
  });

  it('a weekly schedule in the workspace time zone starts once per slot', async () => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: defaultTimezone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() - 3_600_000));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
    const workflow = await create({
      name: 'Monday review',
      trigger: { type: 'time.weekly', weekday, time: `${part('hour')}:${part('minute')}` },
      steps: [{ type: 'notify', userIds: [f.owner.user.id], notifyOwner: false, message: 'Weekly pipeline review' }],
    });
    expect(await scanTimedTriggers(f.t.db)).toBe(1);
    expect(await scanTimedTriggers(f.t.db)).toBe(0);
    await drain();
    expect((await runsOf(workflow.id)).map((r) => [r.recordKind, r.status])).toEqual([['workflow', 'succeeded']]);
    await remove(workflow.id);
  });
});

describe('call a webhook', () => {
  it('posts once, signed with the secret the workflow got, keyed by (run, step); a failure replays with a new key', async () => {
    const receiver = await webhookReceiver({ answer: (i) => (i === 1 ? 500 : 204) });
    try {
      const workflow = await create({ name: 'Tell the ERP', trigger: { type: 'record.created', recordKind: 'company' }, steps: [{ type: 'callWebhook', url: receiver.url }] });
      const secret = workflow.steps[0].secret as string;
      expect(secret).toMatch(/^whsec_/);
      receiver.setSecret(secret);
      await call(f.t.app, 'POST', url('/company'), { token: f.owner.token, body: { name: '台積' } });
      await drain();
      await drain();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]).toMatchObject({ verified: true });
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'workflow.step', record: { kind: 'company', name: '台積' } });

      await call(f.t.app, 'POST', url('/company'), { token: f.owner.token, body: { name: '聯電' } });
      await drain();
      const failed = (await owner('GET', `/settings/workflow-runs?workflowId=${workflow.id}&status=failed`)).body.data;
      expect(failed).toHaveLength(1);
      // Another workspace can neither see nor replay it.
      expect((await call(f.t.app, 'GET', url(`/settings/workflow-runs?workflowId=${workflow.id}`, f.other.orgId), { token: f.other.token })).body.data).toEqual([]);
      expect((await call(f.t.app, 'POST', url(`/settings/workflow-runs/${failed[0].id}/replay`, f.other.orgId), { token: f.other.token, body: { fromStep: 0 } })).status).toBe(404);
      expect((await owner('POST', `/settings/workflow-runs/${failed[0].id}/replay`, { fromStep: 0 })).status).toBe(200);
      await drain();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received[2]!.id).toBe(receiver.received[1]!.id.replace(/_0$/, '_1'));
      await remove(workflow.id);
    } finally {
      await receiver.close();
    }
  });

  it('refuses what cannot work, naming the field', async () => {
    const base = { name: 'Bad', description: '', enabled: false, conditions: { groups: [] } };
    const bad = async (body: Record<string, unknown>) => (await owner('POST', '/settings/workflows', { ...base, ...body })).body.details?.[0]?.field;
    expect(await bad({ trigger: { type: 'deal.won' }, steps: [{ type: 'callWebhook', url: 'ftp://example.com/x' }] })).toBe('steps.0.url');
    expect(await bad({ trigger: { type: 'deal.won' }, steps: [{ type: 'branch', conditions: { groups: [] }, thenSteps: 1 }] })).toBe('steps.0.thenSteps');
    expect(await bad({ trigger: { type: 'date.reached' }, steps: [{ type: 'wait', amount: 1, unit: 'days' }] })).toBe('trigger.dateField');
    expect(await bad({ trigger: { type: 'time.weekly', weekday: 1 }, steps: [{ type: 'wait', amount: 1, unit: 'days' }] })).toBe('trigger.time');
    expect(await bad({ trigger: { type: 'message.received' }, steps: [{ type: 'assignOwner', mode: 'fixed', userIds: [f.owner.user.id] }] })).toBe('steps.0.mode');
    expect(await bad({ trigger: { type: 'deal.won' }, steps: [{ type: 'assignOwner', mode: 'fixed', userIds: [f.other.user.id] }] })).toBe('steps.0.userIds');
  });
});

describe('members holding the automation privilege (not administrators)', () => {
  it('view lists workflows and runs but cannot build; edit builds, and the steps act with that member\'s own rights', async () => {
    const api = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => call(f.t.app, method, url(path), { token, ...(body === undefined ? {} : { body }) });
    const [member] = await f.t.db.select().from(members).where(and(eq(members.orgId, f.owner.orgId), eq(members.userId, f.member.user.id)));
    const privilege = (await api(f.owner.token, 'POST', '/settings/privilege/create', { privilegeName: 'Automation viewer' })).body.data.id;
    for (const [feature, methods, scope] of [['automation', ['view'], 'all'], ['opportunity', ['view', 'create', 'edit'], 'mine'], ['calendar', ['view', 'create'], 'mine']] as const) {
      expect((await api(f.owner.token, 'PUT', '/settings/privilege/feature/edit', { id: privilege, feature, methods, scope })).status).toBe(200);
    }
    expect((await api(f.owner.token, 'PUT', '/settings/user/edit', { memberId: member!.id, privilegeId: privilege })).status).toBe(200);
    const body = { name: 'Mine', description: '', enabled: true, conditions: { groups: [] }, trigger: { type: 'record.created', recordKind: 'deal' }, steps: [{ type: 'createTask', title: 'Call {{name}}', assigneeUserId: null, dueInDays: 0 }] };
    const hook = await create({ name: 'Hook', enabled: false, trigger: { type: 'deal.won' }, steps: [{ type: 'callWebhook', url: 'https://example.com/hook' }] });
    const seen = await api(f.member.token, 'GET', '/settings/workflows');
    expect(seen.status).toBe(200);
    // The signing secret is for those who build.
    expect(seen.body.data.items.find((w: Json) => w.id === hook.id).steps[0].secret).toBe('whsec_…');
    expect((await owner('GET', '/settings/workflows')).body.data.items.find((w: Json) => w.id === hook.id).steps[0].secret).toBe(hook.steps[0].secret);
    await remove(hook.id);
    expect((await api(f.member.token, 'GET', '/settings/workflow-runs')).status).toBe(200);
    expect((await api(f.member.token, 'POST', '/settings/workflows', body)).status).toBe(403);

    await api(f.owner.token, 'PUT', '/settings/privilege/feature/edit', { id: privilege, feature: 'automation', methods: ['view', 'edit'], scope: 'all' });
    const made = await api(f.member.token, 'POST', '/settings/workflows', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.ownerUserId).toBe(f.member.user.id);
    // A deal the member cannot see (the owner's, scope "mine"): the step fails rather than act beyond the member's rights.
    await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Not yours' });
    await drain();
    const runs = await runsOf(made.body.data.id);
    expect(runs.map((r) => r.status)).toEqual(['failed']);
    expect(await f.t.db.select().from(schedules).where(and(eq(schedules.orgId, f.owner.orgId), eq(schedules.title, 'Call Not yours')))).toEqual([]);
    await remove(made.body.data.id);
  });
});

describe('send a LINE message', () => {
  it('queues one push to a linked followed friend, and none to a contact who opted out of marketing', async () => {
    const [channel] = await queryRows<{ id: string }>(
      f.t.db,
      sql`insert into line_channels (org_id, completed_steps, webhook_token, webhook_token_hash) values (${f.owner.orgId}, 4, 'token', ${`hash-${f.owner.orgId}`}) returning id`,
    );
    const friendOf = async (contactId: string, lineUserId: string) =>
      f.t.db.execute(sql`insert into line_friends (org_id, channel_row_id, line_user_id, display_name, contact_id) values (${f.owner.orgId}, ${channel!.id}, ${lineUserId}, 'Friend', ${contactId})`);
    const willing = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Willing', lastName: '吳' });
    const optedOut = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Optout', lastName: '周', noMarketing: true });
    await friendOf(willing, 'U-willing');
    await friendOf(optedOut, 'U-optout');
    await dispatchEvents(f.t.db, 1000);
    const workflow = await create({ name: 'Thank on LINE', trigger: { type: 'record.updated', recordKind: 'contact', field: 'isImportant' }, steps: [{ type: 'sendLine', text: '謝謝您，{{name}}！' }] });
    await f.t.db.execute(sql`update contacts set is_important = true where id in (${willing}, ${optedOut})`);
    await drain();
    await drain();
    const pushes = await queryRows<{ text: string; contactId: string }>(f.t.db, sql`select p.text, f.contact_id as "contactId" from line_pushes p join line_friends f on f.id = p.friend_id where p.org_id = ${f.owner.orgId}`);
    expect(pushes).toEqual([{ text: '謝謝您，吳Willing！', contactId: willing }]);
    const results = await resultsOf(workflow.id);
    expect(results.map((r) => r.result).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([{ queued: true }, { skipped: 'optedOut' }]);
    await remove(workflow.id);
  });
});
