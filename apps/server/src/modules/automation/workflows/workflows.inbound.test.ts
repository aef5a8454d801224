import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, readMail, type Json } from '../../../test/factories.ts';
import { createContact, crmFixture, injectMultipart, multipart, type CrmFixture } from '../../../test/records.ts';
import { consumeAll } from '../../../test/outbox.ts';
import { schedules } from '../../calendar/schedules/schedules.table.ts';
import { createMailDeps } from '../../mail/mailboxes/mailboxes.deps.ts';
import { deliverQueuedMail, queueTemplateMail } from '../../mail/mailboxes/mailboxes.sends.ts';
import { mailSends } from '../../mail/mailboxes/mailboxes.table.ts';
import { loadActor } from '../../access/privileges/access-core.ts';
import { dispatchEvents, runWorkflows, scanTimedTriggers } from './workflows.runner.ts';
import { weeklyFinding } from './workflows.scans.ts';
import { resolveStepInput } from './workflows.steps.ts';
import { workflowRuns, workflowStepResults } from './workflows.table.ts';

/**
 * Issue 35's rest: the e-mail step, the webhook-in trigger, the import's "run workflows" switch and the workspace's
 * time zone (both databases: DATABASE_URL runs it on PostgreSQL).
 */

let f: CrmFixture;
const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const owner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => call(f.t.app, method, url(path), { token: f.owner.token, ...(body === undefined ? {} : { body }) });
const drain = async () => {
  await consumeAll(f.t.db, 'workflows', () => dispatchEvents(f.t.db));
  for (let i = 0; i < 3; i++) await runWorkflows(f.t.db, { leaseSeconds: 1, blockPrivate: false });
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
const switchOff = async (workflow: Json) => owner('PUT', `/settings/workflows/${workflow.id}`, { name: workflow.name, description: '', enabled: false, trigger: workflow.trigger, conditions: workflow.conditions, steps: workflow.steps });

beforeAll(async () => {
  f = await crmFixture({ DATA_DIR: `/tmp/lodestar-workflows-inbound-${process.pid}` });
  await dispatchEvents(f.t.db, 1000);
});
afterAll(async () => {
  await f?.t.close();
});

describe('webhook-in trigger', () => {
  const post = (id: string, body: string, headers: Record<string, string>) =>
    f.t.app.inject({ method: 'POST', url: `/api/hooks/workflows/${id}`, headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...headers }, payload: body });
  const signed = (secret: string, id: string, body: string, at = new Date()) => {
    const signature = new Webhook(secret).sign(id, at, body);
    return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
  };

  it('takes a signed call once, exposes its fields to conditions and steps, and refuses the rest with clear 4xx', async () => {
    const workflow = await create({
      name: 'Web form lead',
      trigger: { type: 'webhook.received' },
      conditions: { groups: [[{ field: 'plan', op: 'eq', value: 'pro' }]] },
      steps: [{ type: 'createTask', title: 'Call {{company}} ({{email}})', assigneeUserId: null, dueInDays: 0 }],
    });
    expect(workflow.hook).toEqual({ path: `/api/hooks/workflows/${workflow.id}`, secretCreatedAt: null });
    // No secret yet: nothing can be verified.
    expect((await post(workflow.id, '{}', signed('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_0', '{}'))).statusCode).toBe(409);

    // Another workspace cannot make (or learn) its secret.
    const foreign = await call(f.t.app, 'POST', url(`/settings/workflows/${workflow.id}/hook-secret`, f.other.orgId), { token: f.other.token });
    expect(foreign.status).toBe(404);
    const made = await owner('POST', `/settings/workflows/${workflow.id}/hook-secret`);
    expect(made.status).toBe(200);
    const secret = made.body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const listed = (await owner('GET', '/settings/workflows')).body.data.items.find((w: Json) => w.id === workflow.id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.hook.secretCreatedAt).not.toBeNull();

    const body = JSON.stringify({ plan: 'pro', company: 'Acme', email: 'buyer@example.com', items: [1, 2] });
    const first = await post(workflow.id, body, signed(secret, 'msg_1', body));
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toMatchObject({ accepted: true, duplicate: false });
    // The same delivery again (a sender's retry, or a replay inside the tolerance): no second run.
    const again = await post(workflow.id, body, signed(secret, 'msg_1', body));
    expect(again.json().data).toMatchObject({ accepted: false, duplicate: true, runId: first.json().data.runId });
    // Conditions read the payload: not a pro plan, no run.
    const free = JSON.stringify({ plan: 'free', company: 'Small' });
    expect((await post(workflow.id, free, signed(secret, 'msg_2', free))).json().data).toMatchObject({ accepted: false, duplicate: false, runId: null });

    const refused = async (headers: Record<string, string>, payload = body) => {
      const answer = await post(workflow.id, payload, headers);
      return { status: answer.statusCode, message: answer.json().errorMessage as string };
    };
    expect(await refused({ ...signed(secret, 'msg_3', body), 'webhook-signature': 'v1,AAAA' })).toMatchObject({ status: 401, message: expect.stringContaining('signature') });
    // One byte changed after signing: the signature is over the raw bytes.
    expect((await refused(signed(secret, 'msg_4', body), body.replace('Acme', 'Acmf'))).status).toBe(401);
    const { 'webhook-id': _dropped, ...noId } = signed(secret, 'msg_5', body);
    expect(await refused(noId)).toEqual({ status: 400, message: expect.stringContaining('webhook-id') });
    expect((await refused(signed(secret, 'msg_6', body, new Date(Date.now() - 10 * 60_000)))).status).toBe(400);
    expect((await refused(signed(secret, 'msg_7', 'not json'), 'not json')).status).toBe(400);
    expect((await post('00000000-0000-4000-8000-000000000000', body, signed(secret, 'msg_8', body))).statusCode).toBe(404);

    // Rotating: the old secret stops working at once.
    const rotated = (await owner('POST', `/settings/workflows/${workflow.id}/hook-secret`)).body.data.secret as string;
    expect((await refused(signed(secret, 'msg_9', body))).status).toBe(401);
    expect((await post(workflow.id, body, signed(rotated, 'msg_10', body))).statusCode).toBe(202);

    await drain();
    const tasks = await f.t.db.select().from(schedules).where(eq(schedules.title, 'Call Acme (buyer@example.com)'));
    expect(tasks).toHaveLength(2);
    expect(tasks[0]!.ownerUserId).toBe(f.owner.user.id);

    // Switched off: a clear 409, nothing started.
    await switchOff(workflow);
    expect((await refused(signed(rotated, 'msg_11', body))).status).toBe(409);
  });

  it('is rate-limited per workflow', async () => {
    const workflow = await create({ name: 'Busy hook', trigger: { type: 'webhook.received' }, steps: [{ type: 'notify', userIds: [], notifyOwner: false, message: 'x' }].map(() => ({ type: 'createTask', title: 'x', assigneeUserId: f.owner.user.id, dueInDays: 0 })) });
    const secret = (await owner('POST', `/settings/workflows/${workflow.id}/hook-secret`)).body.data.secret as string;
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await post(workflow.id, '{}', signed(secret, `burst_${i}`, '{}'))).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await switchOff(workflow);
  });
});

describe('send an e-mail from a template', () => {
  it('queues one e-mail per (run, step), skips opted-out contacts for marketing, and sends through the system mail once', async () => {
    const template = await owner('POST', '/mailboxes/templates', { name: 'Welcome', locale: 'en-US', subject: 'Welcome, {firstName}', body: 'Hello {fullName}, from {myName}.' });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const templateId = template.body.data.id as string;
    const marketing = await create({ name: 'Welcome mail', trigger: { type: 'record.created', recordKind: 'contact' }, steps: [{ type: 'sendEmail', templateId, purpose: 'marketing' }] });
    const service = await create({ name: 'Service mail', trigger: { type: 'record.created', recordKind: 'contact' }, steps: [{ type: 'sendEmail', templateId, purpose: 'service' }] });
    // A template of no one in this workspace: refused naming the field.
    const bad = await owner('POST', '/settings/workflows', { name: 'x', description: '', enabled: false, conditions: { groups: [] }, trigger: { type: 'record.created', recordKind: 'contact' }, steps: [{ type: 'sendEmail', templateId: '00000000-0000-4000-8000-000000000000' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('steps.0.templateId');

    await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Amy', lastName: 'Lin', emails: [{ value: 'amy@example.com' }] });
    await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Bob', lastName: 'Wu', emails: [{ value: 'bob@example.com' }], noMarketing: true });
    await drain();
    await drain();

    const marketingResults = (await resultsOf(marketing.id)).map((r) => r.result);
    expect(marketingResults).toEqual(expect.arrayContaining([expect.objectContaining({ queued: true, to: 'amy@example.com' }), { skipped: 'optedOut' }]));
    const serviceResults = (await resultsOf(service.id)).map((r) => r.result);
    expect(serviceResults.filter((r) => r?.queued === true)).toHaveLength(2);
    const rows = await f.t.db.select().from(mailSends).where(eq(mailSends.orgId, f.owner.orgId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(3);

    // Queueing the same (run, step, generation) again adds nothing.
    const actor = await loadActor(f.t.db, f.owner.user.id, f.owner.orgId);
    await queueTemplateMail(f.t.db, actor, { templateId, contactId: rows[0]!.contactId!, source: rows[0]!.source, marketing: false });
    expect(await f.t.db.select().from(mailSends).where(eq(mailSends.orgId, f.owner.orgId))).toHaveLength(3);

    // The run log shows each e-mail step's mail as it stands.
    const deliveries = async () => ((await owner('GET', `/settings/workflow-runs?workflowId=${service.id}`)).body.data as { steps: { type: string; delivery: unknown }[] }[]).flatMap((run) => run.steps.filter((s) => s.type === 'sendEmail').map((s) => s.delivery));
    expect(await deliveries()).toEqual([{ status: 'queued', error: null }, { status: 'queued', error: null }]);

    // The owner has no connected mailbox: the system mail sends each once.
    const deps = { mail: createMailDeps(f.t.app.config, f.t.app.mailer), mailer: f.t.app.mailer, log: f.t.app.log, leaseSeconds: 0 };
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(3);
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(0);
    expect(await deliveries()).toEqual([{ status: 'sent', error: null }, { status: 'sent', error: null }]);
    const amy = await readMail(f.t.app, f.t.db, 'amy@example.com');
    expect(amy).toHaveLength(2);
    expect(amy[0]!.subject).toBe('Welcome, Amy');
    expect((await readMail(f.t.app, f.t.db, 'bob@example.com')).length).toBe(1);
    const sent = await f.t.db.select().from(mailSends).where(eq(mailSends.orgId, f.owner.orgId));
    expect(sent.every((r) => r.status === 'sent' && r.via === 'system')).toBe(true);
    await switchOff(marketing);
    await switchOff(service);
  });

  it('a crash between sending and recording never sends it a second time', async () => {
    const actor = await loadActor(f.t.db, f.owner.user.id, f.owner.orgId);
    const contactId = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: 'Cat', lastName: 'Chen', emails: [{ value: 'cat@example.com' }] });
    const templateId = (await owner('GET', '/mailboxes/templates')).body.data[0].id as string;
    await queueTemplateMail(f.t.db, actor, { templateId, contactId, source: 'workflow:crash:0:0', marketing: true });
    const deps = { mail: createMailDeps(f.t.app.config, f.t.app.mailer), mailer: f.t.app.mailer, log: f.t.app.log, leaseSeconds: 0 };
    const crash = new Error('killed after the send, before the sent-marker');
    await expect(deliverQueuedMail(f.t.db, { ...deps, afterSend: () => { throw crash; } })).rejects.toBe(crash);
    expect((await readMail(f.t.app, f.t.db, 'cat@example.com')).length).toBe(1);
    // The next pass finds the marker still `sending`: the system mail cannot be asked, so it is not sent again.
    expect(await deliverQueuedMail(f.t.db, deps)).toBe(1);
    expect((await readMail(f.t.app, f.t.db, 'cat@example.com')).length).toBe(1);
    const [row] = await f.t.db.select().from(mailSends).where(eq(mailSends.source, 'workflow:crash:0:0'));
    expect(row).toMatchObject({ status: 'unconfirmed', messageId: 'workflow.crash.0.0@lodestar.local' });
  });
});

describe('the import "run workflows" switch', () => {
  async function importContacts(text: string, runWorkflows?: boolean) {
    const form = multipart({}, { field: 'file', filename: 'contacts.csv', contentType: 'text/csv', data: Buffer.from(text) });
    const up = await injectMultipart(f.t.app, url('/customer/import'), f.owner.token, form);
    const id = up.body.data.id as string;
    const detail = (await owner('GET', `/customer/import/detail/${id}`)).body.data;
    expect(detail.runWorkflows).toBe(true); // a small file: on by default
    const field = await owner('POST', `/customer/import/field/${id}`, { mapping: detail.mapping, duplicates: 'skip', ...(runWorkflows === undefined ? {} : { runWorkflows }) });
    expect(field.status).toBe(200);
    expect(field.body.data.runWorkflows).toBe(runWorkflows ?? true);
    expect((await owner('POST', `/customer/import/store/${id}`)).status).toBe(200);
    await f.t.app.background.idle();
  }

  it('an import with the switch off starts no workflow; with it on (the default for a small file) it does', async () => {
    await drain(); // earlier tests' events, before this workflow exists
    const workflow = await create({ name: 'Imported contacts', trigger: { type: 'record.created', recordKind: 'contact' }, steps: [{ type: 'createTask', title: 'Imported: {{name}}', assigneeUserId: null, dueInDays: 0 }] });
    await importContacts('Name,Email\nQuiet One,quiet1@example.com\nQuiet Two,quiet2@example.com\n', false);
    await drain();
    expect(await runsOf(workflow.id)).toHaveLength(0);
    await importContacts('Name,Email\nLoud One,loud1@example.com\n');
    await drain();
    expect(await runsOf(workflow.id)).toHaveLength(1);
    await switchOff(workflow);
  });
});

describe('workspace time zone', () => {
  it('is a setting (Asia/Taipei by default), refused when unknown, and judges weekly slots and waits across DST', async () => {
    const org = async () => (await owner('GET', '/organizations/get')).body.data;
    expect((await org()).timeZone).toBe('Asia/Taipei');
    const bad = await owner('PUT', '/organizations/update', { name: 'Owner workspace', timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('timeZone');
    expect((await call(f.t.app, 'PUT', url('/organizations/update'), { token: f.member.token, body: { name: 'x', timeZone: 'UTC' } })).status).toBe(403);
    expect((await owner('PUT', '/organizations/update', { name: (await org()).name, timeZone: 'America/New_York' })).status).toBe(200);
    expect((await org()).timeZone).toBe('America/New_York');

    // Monday 09:00 in New York: the week after DST began (8 March 2026) is 13:00 UTC, the week before 14:00 UTC.
    const weekly = { id: 'w', name: 'Monday', ownerUserId: 'u', trigger: { type: 'time.weekly' as const, weekday: 1, time: '09:00' } };
    expect(weeklyFinding(weekly, new Date('2026-03-02T14:30:00Z'), 'America/New_York').map((x) => x.key)).toEqual(['weekly:2026-03-02']);
    expect(weeklyFinding(weekly, new Date('2026-03-09T12:59:00Z'), 'America/New_York')).toEqual([]);
    expect(weeklyFinding(weekly, new Date('2026-03-09T13:01:00Z'), 'America/New_York').map((x) => x.key)).toEqual(['weekly:2026-03-09']);
    // Wait until a date field at 09:00, New York, on either side of the change.
    const ctx = (day: string) => ({ kind: 'deal', recordId: 'd', record: { estimatedEndDate: day }, recordName: 'D', now: new Date('2026-01-01T00:00:00Z'), timeZone: 'America/New_York' });
    const wait = { type: 'wait' as const, amount: 1, unit: 'days' as const, until: { field: 'estimatedEndDate', time: '09:00' } };
    expect(resolveStepInput(wait, ctx('2026-03-06')).until).toBe('2026-03-06T14:00:00.000Z');
    expect(resolveStepInput(wait, ctx('2026-03-09')).until).toBe('2026-03-09T13:00:00.000Z');
    expect(resolveStepInput(wait, ctx('')).skipped).toBe('noDate');

    // The scan reads the workspace's zone: a weekly slot a few minutes ago in New York starts one run.
    const now = new Date();
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now.getTime() - 2 * 60_000)).map((p) => [p.type, p.value]));
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
    const workflow = await create({ name: 'NY weekly', trigger: { type: 'time.weekly', weekday, time: `${parts.hour}:${parts.minute}` }, steps: [{ type: 'notify', userIds: [f.owner.user.id], notifyOwner: false, message: 'Weekly' }] });
    expect(await scanTimedTriggers(f.t.db)).toBeGreaterThanOrEqual(1);
    const runs = await runsOf(workflow.id);
    const nyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(now.getTime() - 2 * 60_000));
    expect(runs.map((r) => r.triggerKey)).toEqual([`weekly:${nyDay}`]);
    await switchOff(workflow);
  });
});
