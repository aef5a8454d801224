import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { createDeal, createStage } from '../../../test/deals.ts';
import { call, type Json } from '../../../test/factories.ts';
import { crmFixture, type CrmFixture } from '../../../test/records.ts';
import { schedules } from '../../calendar/schedules/schedules.table.ts';
import { dispatchEvents, runWorkflows, scanStalledDeals } from './workflows.runner.ts';
import { workflowRuns } from './workflows.table.ts';
import { consumeAll } from '../../../test/outbox.ts';

let f: CrmFixture;
let proposal: number;
let qualify: number;

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const owner = (method: Method, path: string, body?: unknown, locale?: string) =>
  call(f.t.app, method, url(path), { token: f.owner.token, ...(body === undefined ? {} : { body }), ...(locale ? { locale } : {}) });

const tasksOf = (dealId: string) => f.t.db.select().from(schedules).where(and(eq(schedules.orgId, f.owner.orgId), eq(schedules.dealId, dealId)));
const runsOf = (workflowId: string) => f.t.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
// Every committed event matched first (test/outbox.ts: on a shared PostgreSQL server one pass can stop short), then the runs.
const drain = async () => {
  await consumeAll(f.t.db, 'workflows', () => dispatchEvents(f.t.db));
  for (let i = 0; i < 5; i++) await runWorkflows(f.t.db, { leaseSeconds: 1 });
};

const stalledWorkflow = () => ({
  name: 'Stalled proposals',
  description: 'Call the client when a proposal sits a week',
  enabled: true,
  trigger: { type: 'deal.stalled', stage: proposal, days: 7 },
  conditions: { groups: [] },
  steps: [
    { type: 'createTask', title: 'Call: {{name}}', assigneeUserId: null, dueInDays: 0 },
    { type: 'notify', userIds: [f.owner.user.id], notifyOwner: false, message: '{{name}} stalled' },
  ],
});

async function create(body: unknown): Promise<Json> {
  const answer = await owner('POST', '/settings/workflows', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  f = await crmFixture();
  qualify = (await createStage(f.t.app, f.owner.token, f.owner.orgId, { title: 'Qualify' })).id;
  proposal = (await createStage(f.t.app, f.owner.token, f.owner.orgId, { title: '提案報價' })).id;
  // Events from the fixture are not the workflows' business.
  await dispatchEvents(f.t.db, 1000);
});
afterAll(async () => {
  await f?.t.close();
});

describe('settings/workflows: who may, which plan, which workspace', () => {
  it('is for holders of the automation privilege, on a plan with workflows, within one workspace', async () => {
    expect((await call(f.t.app, 'GET', url('/settings/workflows'), { token: f.member.token })).status).toBe(403);
    expect((await call(f.t.app, 'POST', url('/settings/workflows'), { token: f.member.token, body: stalledWorkflow() })).status).toBe(403);
    // The other workspace is on the free plan: no workflows.
    const free = await call(f.t.app, 'POST', url('/settings/workflows', f.other.orgId), { token: f.other.token, body: { ...stalledWorkflow(), trigger: { type: 'deal.won' }, steps: [{ type: 'wait', amount: 1, unit: 'hours' }] } });
    expect(free.body.errorCode).toBe('PLAN_LIMIT_REACHED');
    const list = await call(f.t.app, 'GET', url('/settings/workflows', f.other.orgId), { token: f.other.token });
    expect(list.body.data.limits).toMatchObject({ planAllows: false });

    const mine = await create({ ...stalledWorkflow(), enabled: false });
    const theirs = { token: f.other.token };
    expect((await call(f.t.app, 'PUT', url(`/settings/workflows/${mine.id}`, f.other.orgId), { ...theirs, body: stalledWorkflow() })).status).toBe(404);
    expect((await call(f.t.app, 'DELETE', url(`/settings/workflows/${mine.id}`, f.other.orgId), theirs)).status).toBe(404);
    expect((await call(f.t.app, 'GET', url('/settings/workflows', f.other.orgId), theirs)).body.data.items).toEqual([]);
    expect((await call(f.t.app, 'GET', url(`/settings/workflow-runs?workflowId=${mine.id}`, f.other.orgId), theirs)).body.data).toEqual([]);
    expect((await owner('DELETE', `/settings/workflows/${mine.id}`)).status).toBe(200);
  });

  it('refuses a member of another workspace or a step that does not fit the trigger, naming the field in three languages', async () => {
    for (const locale of ['zh-TW', 'zh-CN', 'en-US']) {
      const body = { ...stalledWorkflow(), steps: [{ type: 'createTask', title: 'Call', assigneeUserId: f.other.user.id, dueInDays: 0 }] };
      const bad = await owner('POST', '/settings/workflows', body, locale);
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('steps.0.assigneeUserId');
      expect(bad.body.errorMessage).toBeTruthy();
    }
    const contactUpdate = { ...stalledWorkflow(), trigger: { type: 'record.updated', recordKind: 'contact' }, steps: [{ type: 'updateField', field: 'amount', value: '1' }] };
    expect((await owner('POST', '/settings/workflows', contactUpdate)).body.details[0].field).toBe('steps.0.field');
    expect((await owner('POST', '/settings/workflows', { ...stalledWorkflow(), steps: [] })).body.details[0].field).toBe('steps');
    expect((await owner('GET', '/settings/workflows')).body.data.items).toEqual([]);
  });
});

describe('a deal stalled in 提案報價 for 7 days', () => {
  let dealId: string;
  let workflowId: string;

  it('dry-runs against the last 30 days, listing the deal and what each step would do, writing nothing', async () => {
    dealId = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Harbour cranes', stage: proposal });
    const fresh = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Fresh', stage: proposal });
    await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Elsewhere', stage: qualify });
    await f.t.db.execute(sql`update deals set stage_changed_at = now() - interval '8 days' where org_id = ${f.owner.orgId} and id <> ${fresh}`);
    const before = await queryRows<{ n: number }>(f.t.db, sql`select (select count(*)::int from schedules) + (select count(*)::int from workflow_runs) + (select count(*)::int from notifications) as n`);
    const dry = await owner('POST', '/settings/workflows/dry-run', stalledWorkflow());
    expect(dry.status).toBe(200);
    expect(dry.body.data.matches).toHaveLength(1);
    expect(dry.body.data.matches[0]).toMatchObject({
      recordKind: 'deal',
      recordId: dealId,
      recordName: 'Harbour cranes',
      steps: [
        { index: 0, type: 'createTask', input: { title: 'Call: Harbour cranes', assigneeUserId: f.owner.user.id } },
        { index: 1, type: 'notify', input: { userIds: [f.owner.user.id], message: 'Harbour cranes stalled' } },
      ],
    });
    const after = await queryRows<{ n: number }>(f.t.db, sql`select (select count(*)::int from schedules) + (select count(*)::int from workflow_runs) + (select count(*)::int from notifications) as n`);
    expect(after).toEqual(before);
  });

  it('once on, creates one call task for the owner and one notification, however often the scan and the runner go', async () => {
    workflowId = (await create(stalledWorkflow())).id;
    expect(await scanStalledDeals(f.t.db)).toBe(1);
    expect(await scanStalledDeals(f.t.db)).toBe(0);
    await drain();
    const tasks = await tasksOf(dealId);
    expect(tasks.map((t) => [t.title, t.ownerUserId])).toEqual([['Call: Harbour cranes', f.owner.user.id]]);
    // The bell's notification (access/notifications), leading to the deal.
    const notes = await owner('GET', '/notifications');
    expect(notes.body.data.items.map((n: Json) => [n.kind, n.body, n.link])).toEqual([['workflow', 'Harbour cranes stalled', `deal/detail/${dealId}`]]);

    const log = await owner('GET', `/settings/workflow-runs?workflowId=${workflowId}`);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ status: 'succeeded', trigger: 'deal.stalled', recordName: 'Harbour cranes', nextStep: 2 });
    expect(log.body.data[0].steps.map((s: Json) => [s.index, s.status])).toEqual([[0, 'succeeded'], [1, 'succeeded']]);
    expect(log.body.data[0].steps[0].result.scheduleId).toBe(tasks[0]!.id);

    // A retry of the same step (a crash after the step committed, before the run moved on) does nothing again.
    await f.t.db.update(workflowRuns).set({ status: 'pending', nextStep: 0, lockedUntil: null, finishedAt: null }).where(eq(workflowRuns.workflowId, workflowId));
    await drain();
    expect(await tasksOf(dealId)).toHaveLength(1);
    expect((await owner('GET', '/notifications')).body.data.items).toHaveLength(1);
    expect((await runsOf(workflowId)).map((r) => r.status)).toEqual(['succeeded']);
    // The filters of the log.
    expect((await owner('GET', `/settings/workflow-runs?status=failed&workflowId=${workflowId}`)).body.data).toEqual([]);
    expect((await owner('GET', `/settings/workflow-runs?recordId=${dealId}`)).body.data).toHaveLength(1);
  });

  it('starts again when the deal stalls in a later stay in the stage', async () => {
    await f.t.db.execute(sql`update deals set stage_changed_at = now() - interval '9 days' where id = ${dealId}`);
    expect(await scanStalledDeals(f.t.db)).toBe(1);
    await owner('PUT', `/settings/workflows/${workflowId}`, { ...stalledWorkflow(), enabled: false });
    await drain();
    expect((await runsOf(workflowId)).map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
  });
});

describe('event triggers, the loop guard, failures and replay', () => {
  it('a deal moved into a stage: its steps run once; its own changes never start it again', async () => {
    const workflow = await create({
      name: 'Proposal sent',
      enabled: true,
      trigger: { type: 'record.updated', recordKind: 'deal', field: 'stage', to: String(proposal) },
      conditions: { groups: [[{ field: 'amount', op: 'gt', value: '500' }], [{ field: 'name', op: 'contains', value: 'vip' }]] },
      steps: [
        { type: 'updateField', field: 'closingRate', value: '60' },
        { type: 'createTask', title: 'Send the proposal for {{name}}', assigneeUserId: f.member.user.id, dueInDays: 2 },
      ],
    });
    const big = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Big', amount: '900.00', stage: qualify });
    const small = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Small', amount: '100.00', stage: qualify });
    await owner('PUT', `/deal/${big}/stage`, { stage: proposal });
    await owner('PUT', `/deal/${small}/stage`, { stage: proposal });
    await drain();
    expect((await runsOf(workflow.id)).map((r) => [r.recordId, r.status])).toEqual([[big, 'succeeded']]);
    expect((await tasksOf(big)).map((t) => [t.title, t.ownerUserId])).toEqual([['Send the proposal for Big', f.member.user.id]]);
    expect(await tasksOf(small)).toHaveLength(0);
    // Its own closing-rate change (a deal.updated event by workflow:<id>) did not start it again.
    expect((await owner('GET', `/deal/${big}`)).body.data.closingRate).toBe(60);
    await drain();
    expect(await runsOf(workflow.id)).toHaveLength(1);
    await owner('DELETE', `/settings/workflows/${workflow.id}`);
  });

  it('records a failed step with its error, and replays from it after the fix without redoing the steps before', async () => {
    const body = {
      name: 'Won: follow up',
      enabled: true,
      trigger: { type: 'deal.won' },
      conditions: { groups: [] },
      steps: [
        { type: 'createTask', title: 'Follow up: {{name}}', assigneeUserId: null, dueInDays: 7 },
        { type: 'updateField', field: 'estimatedEndDate', value: 'not a date' },
        { type: 'wait', amount: 2, unit: 'hours' },
        { type: 'notify', userIds: [], notifyOwner: true, message: 'Won {{name}}' },
      ],
    };
    const workflow = await create(body);
    const deal = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Closing', stage: qualify });
    await owner('PUT', `/deal/${deal}/stage`, { stage: 1000 });
    await drain();
    const [failed] = (await owner('GET', `/settings/workflow-runs?workflowId=${workflow.id}&status=failed`)).body.data as Json[];
    expect(failed).toMatchObject({ status: 'failed', nextStep: 1 });
    expect(failed.steps.map((s: Json) => [s.index, s.status])).toEqual([[0, 'succeeded'], [1, 'failed']]);
    expect(failed.steps[1].error).toBeTruthy();
    expect(failed.steps[1].input).toMatchObject({ field: 'estimatedEndDate', to: 'not a date' });

    body.steps[1] = { type: 'updateField', field: 'estimatedEndDate', value: '2027-01-31' };
    await owner('PUT', `/settings/workflows/${workflow.id}`, body);
    const replayed = await owner('POST', `/settings/workflow-runs/${failed.id}/replay`, { fromStep: 1 });
    expect(replayed.body.data).toMatchObject({ status: 'pending', nextStep: 1 });
    await drain();
    // It waits at step 2 (two hours) — a restart or a deploy changes nothing; once due it goes on.
    const [waiting] = await runsOf(workflow.id);
    expect(waiting).toMatchObject({ status: 'waiting', nextStep: 3 });
    await f.t.db.update(workflowRuns).set({ runAt: new Date(Date.now() - 1000) }).where(eq(workflowRuns.id, waiting!.id));
    await drain();
    const [done] = (await owner('GET', `/settings/workflow-runs?workflowId=${workflow.id}`)).body.data as Json[];
    expect(done.status).toBe('succeeded');
    expect(done.steps.map((s: Json) => [s.index, s.status])).toEqual([[0, 'succeeded'], [1, 'succeeded'], [2, 'succeeded'], [3, 'succeeded']]);
    expect(await tasksOf(deal)).toHaveLength(1);
    expect((await owner('GET', `/deal/${deal}`)).body.data.estimatedEndDate).toBe('2027-01-31');
    expect((await call(f.t.app, 'POST', url(`/settings/workflow-runs/${failed.id}/replay`, f.other.orgId), { token: f.other.token, body: { fromStep: 0 } })).status).toBe(404);
    await owner('DELETE', `/settings/workflows/${workflow.id}`);
  });

  it('pauses a workflow past the workspace rate limit, visibly, until switched on again', async () => {
    const workflow = await create({ name: 'Every new contact', enabled: true, trigger: { type: 'record.created', recordKind: 'contact' }, conditions: { groups: [] }, steps: [{ type: 'wait', amount: 1, unit: 'days' }] });
    await f.t.db.execute(sql`insert into workflow_runs (org_id, workflow_id, trigger, trigger_key, record_kind, record_id, record, status)
      select ${f.owner.orgId}, ${workflow.id}, 'contact.created', 'filler-' || i, 'contact', gen_random_uuid(), '{}'::jsonb, 'succeeded' from generate_series(1, 1000) i`);
    await owner('POST', '/customer', { firstName: 'One', lastName: 'Too many' });
    await consumeAll(f.t.db, 'workflows', () => dispatchEvents(f.t.db));
    const [paused] = (await owner('GET', '/settings/workflows')).body.data.items.filter((w: Json) => w.id === workflow.id);
    expect(paused).toMatchObject({ enabled: false, pausedReason: 'rateLimit' });
    expect(await runsOf(workflow.id)).toHaveLength(1000);
    await f.t.db.execute(sql`delete from workflow_runs where workflow_id = ${workflow.id}`);
    const on = await owner('PUT', `/settings/workflows/${workflow.id}`, { name: 'Every new contact', enabled: true, trigger: { type: 'record.created', recordKind: 'contact' }, conditions: { groups: [] }, steps: [{ type: 'wait', amount: 1, unit: 'days' }] });
    expect(on.body.data).toMatchObject({ enabled: true, pausedReason: null });
  });
});
