import { addDays, fieldTitle } from '@lodestar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeal, createStage } from '../../../test/deals.ts';
import { call, type Json } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture, injectMultipart, multipart, type CrmFixture } from '../../../test/records.ts';
import { activityPoints } from '../activity-items/activity-items.table.ts';
import { instantToZoned } from './schedules.recurrence.ts';
import { schedules } from './schedules.table.ts';

let f: CrmFixture;
let clientId: string;
let companyId: string;
let dealId: string;
let itemId: string;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  f = await crmFixture();
  clientId = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: '明', lastName: '孔' });
  companyId = await createCompany(f.t.app, f.owner.token, f.owner.orgId, { name: 'Formosa Freight' });
  await createStage(f.t.app, f.owner.token, f.owner.orgId, { title: 'Qualify' });
  await createStage(f.t.app, f.other.token, f.other.orgId, { title: 'Qualify' });
  dealId = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Fleet renewal' });
  itemId = (await call(f.t.app, 'POST', `/api/settings/activityItem?orgId=${f.owner.orgId}`, { token: f.owner.token, body: { name: 'Visit', point: 5 } })).body.data.id;
});
afterAll(async () => {
  await f?.t.close();
});

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string) => (method: Method, path: string, body?: unknown, orgId?: string) =>
  call(f.t.app, method, url(path, orgId), { token, ...(body === undefined ? {} : { body }) });
const owner = (method: Method, path: string, body?: unknown) => as(f.owner.token)(method, path, body);

const base = { startDate: '2026-12-07', startDateTime: '09:00', endDate: '2026-12-07', endDateTime: '10:00' };

async function createSchedule(body: Record<string, unknown>, token = f.owner.token): Promise<string> {
  const { status, body: answer } = await as(token)('POST', '/task', { title: 'Visit', ...base, ...body });
  if (status !== 200) throw new Error(`create schedule failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data.id;
}
const between = async (start: string, end: string, extra = '') =>
  (await owner('GET', `/schedule/getBetween?start=${start}&end=${end}${extra}`)).body.data.items as Json[];
const datesOf = (items: Json[], id: string) => items.filter((e) => e.scheduleId === id).map((e) => e.startDate);

describe('create and read', () => {
  it('stores every drawer field with links, activity items and defaults', async () => {
    const id = await createSchedule({
      title: '拜訪客戶',
      category: 'visit',
      notice: 600,
      deal: dealId,
      company: { id: companyId, name: 'ignored' },
      client: { id: clientId },
      activity: [itemId],
      address: 'Taipei 101',
      taskNote: 'Bring the contract',
    });
    const { status, body } = await owner('GET', `/task/${id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      title: '拜訪客戶',
      category: 'visit',
      startDate: '2026-12-07',
      startDateTime: '09:00',
      endDateTime: '10:00',
      fullDay: false,
      repeatBy: 'none',
      rrule: null,
      timezone: 'Asia/Taipei',
      notice: 600,
      color: '#828B91',
      deal: { id: dealId, name: 'Fleet renewal' },
      company: { id: companyId, name: 'Formosa Freight' },
      client: { id: clientId, name: '孔明' },
      address: 'Taipei 101',
      taskNote: 'Bring the contract',
      complete: false,
      isRecurring: false,
      owner: { userId: f.owner.user.id },
      canEdit: true,
    });
    expect(body.data.activity.find((a: Json) => a.id === itemId)).toMatchObject({ name: 'Visit', point: 5, isSelect: true });
  });

  it('accepts the multipart form with images and their names', async () => {
    const form = multipart(
      { title: 'Photos', ...base, fullDate: 'false', company: JSON.stringify({ id: companyId, name: 'F' }), activity: JSON.stringify([itemId]), 'imagesName[]': ['front.png', 'back.png'] },
      [
        { field: 'images[]', filename: 'a.png', contentType: 'image/png', data: png },
        { field: 'images[]', filename: 'b.png', contentType: 'image/png', data: png },
      ],
    );
    const created = await injectMultipart(f.t.app, url('/task'), f.owner.token, form);
    expect(created.status).toBe(200);
    const { body } = await owner('GET', `/task/${created.body.data.id}`);
    expect(body.data.images.map((i: Json) => i.name)).toEqual(['front.png', 'back.png']);
    expect(body.data.company).toEqual({ id: companyId, name: 'Formosa Freight' });
    const file = await f.t.app.inject({ method: 'GET', url: body.data.images[0].url, headers: { authorization: `Bearer ${f.owner.token}` } });
    expect(file.statusCode).toBe(200);

    // Editing keeps the images not removed and adds new ones.
    const edit = multipart(
      { title: 'Photos', ...base, removeImageIds: JSON.stringify([body.data.images[0].id]), 'imagesName[]': ['side.png'] },
      { field: 'images', filename: 'c.png', contentType: 'image/png', data: png },
    );
    expect((await injectMultipart(f.t.app, url(`/task/${created.body.data.id}`), f.owner.token, edit)).status).toBe(200);
    const after = await owner('GET', `/task/${created.body.data.id}`);
    expect(after.body.data.images.map((i: Json) => i.name)).toEqual(['back.png', 'side.png']);
  });

  it('names the field in validation messages (docs/product.md#validation)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ endDateTime: '9:00' }, 'endDateTime'],
      [{ endDate: '2026-02-30' }, 'endDate'],
      [{ endDateTime: '08:00' }, 'endDateTime'],
      [{ repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '1000' }, 'repeatDuringVal'],
      [{ repeatBy: 'week', repeatDuring: 'date', repeatDuringVal: '2026-13-01' }, 'repeatDuringVal'],
      [{ notice: 700 }, 'notice'],
      [{ category: 'fax' }, 'category'],
      [{ color: 'red' }, 'color'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(f.t.app, 'POST', url('/task'), { token: f.owner.token, body: { title: 'X', ...base, ...body }, locale: 'en-US' });
      expect(answer.status, field).toBe(400);
      expect(answer.body.details[0].field).toBe(field);
      expect(answer.body.errorMessage).toContain(fieldTitle('en-US', field));
    }
  });

  it('refuses links to records of another workspace, naming the field', async () => {
    const foreignCompany = await createCompany(f.t.app, f.other.token, f.other.orgId, { name: 'Elsewhere' });
    const foreignClient = await createContact(f.t.app, f.other.token, f.other.orgId);
    const foreignDeal = await createDeal(f.t.app, f.other.token, f.other.orgId);
    for (const [body, field] of [
      [{ company: { id: foreignCompany } }, 'company'],
      [{ client: { id: foreignClient } }, 'client'],
      [{ deal: foreignDeal }, 'deal'],
    ] as const) {
      const answer = await owner('POST', '/task', { title: 'X', ...base, ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.details[0].field).toBe(field);
    }
  });
});

describe('repeating schedules in the calendar', () => {
  let weekly: string;
  beforeAll(async () => {
    weekly = await createSchedule({ title: 'Weekly sync', startDate: '2027-01-04', endDate: '2027-01-04', repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '10', activity: [itemId] });
  });

  it('expands a series per range: getMonth, getBetween, getDate', async () => {
    const month = (await owner('GET', '/schedule/getMonth?year=2027&month=1')).body.data.items;
    expect(datesOf(month, weekly)).toEqual(['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25']);
    const event = month.find((e: Json) => e.scheduleId === weekly);
    expect(event).toMatchObject({
      id: `schedule:${weekly}:2027-01-04`,
      type: 'schedule',
      occurrenceDate: '2027-01-04',
      start: '2027-01-04T01:00:00.000Z',
      end: '2027-01-04T02:00:00.000Z',
      startTime: '09:00',
      allDay: false,
      isRecurring: true,
      completed: false,
      editable: true,
    });
    expect(datesOf(await between('2027-01-01', '2027-04-09'), weekly)).toHaveLength(10);
    expect(datesOf((await owner('GET', '/schedule/getDate?date=2027-01-11')).body.data.items, weekly)).toEqual(['2027-01-11']);
    expect((await owner('GET', '/schedule/getBetween?start=2027-01-01&end=2027-12-31')).status).toBe(400);
  });

  it('completes one occurrence, earns its points, and filters', async () => {
    const done = await owner('PUT', `/task/${weekly}/complete`, { occurrenceDate: '2027-01-11' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ occurrenceDate: '2027-01-11', completed: true });
    const points = await f.t.db.select().from(activityPoints).where(and(eq(activityPoints.scheduleId, weekly)));
    expect(points.map((p) => [p.occurrenceDate, p.point, p.itemName])).toEqual([['2027-01-11', 5, 'Visit']]);
    expect(datesOf(await between('2027-01-01', '2027-01-31', '&filter=completed'), weekly)).toEqual(['2027-01-11']);
    expect(datesOf(await between('2027-01-01', '2027-01-31', '&filter=uncompleted'), weekly)).toHaveLength(3);
    expect(datesOf(await between('2027-01-01', '2027-01-31', '&filter=reservation'), weekly)).toEqual([]);
    expect(datesOf(await between('2027-01-01', '2027-01-31', '&filter=schedule'), weekly)).toHaveLength(4);
    // Toggling back takes the points back.
    await owner('PUT', `/task/${weekly}/complete`, { occurrenceDate: '2027-01-11' });
    expect(await f.t.db.select().from(activityPoints).where(eq(activityPoints.scheduleId, weekly))).toEqual([]);
    await owner('PUT', `/task/${weekly}/complete`, { occurrenceDate: '2027-01-18', complete: true });
    const missing = await owner('PUT', `/task/${weekly}/complete`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('occurrenceDate');
    const wrongDay = await owner('PUT', `/task/${weekly}/complete`, { occurrenceDate: '2027-01-12' });
    expect(wrongDay.body.details[0].field).toBe('occurrenceDate');
  });

  it('drags one occurrence (a moved exception) and reads it back', async () => {
    const moved = await owner('POST', '/schedule/changeScheduleDate', {
      id: weekly, occurrenceDate: '2027-01-25', startDate: '2027-02-02', startDateTime: '14:00', endDate: '2027-02-02', endDateTime: '15:30',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ occurrenceDate: '2027-01-25', startDate: '2027-02-02', startTime: '14:00', isMoved: true });
    expect(datesOf(await between('2027-01-01', '2027-01-31'), weekly)).toEqual(['2027-01-04', '2027-01-11', '2027-01-18']);
    // It shows in February even when asked for February only.
    expect(datesOf(await between('2027-02-02', '2027-02-02'), weekly)).toEqual(['2027-02-02']);
    const occurrence = await owner('GET', `/task/${weekly}?occurrenceDate=2027-01-25`);
    expect(occurrence.body.data).toMatchObject({ startDate: '2027-02-02', startDateTime: '14:00', endDateTime: '15:30', occurrenceDate: '2027-01-25' });
  });

  it('edits this occurrence only', async () => {
    const edited = await owner('POST', `/task/${weekly}`, {
      title: 'Special sync', startDate: '2027-02-01', startDateTime: '09:00', endDate: '2027-02-01', endDateTime: '10:00',
      repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '10', scope: 'this', occurrenceDate: '2027-02-01', color: '#FF0000',
    });
    expect(edited.body.data.id).toBe(weekly);
    const feb = (await between('2027-02-01', '2027-02-28')).filter((e) => e.scheduleId === weekly);
    expect(feb.map((e) => [e.startDate, e.title, e.color])).toEqual([
      ['2027-02-01', 'Special sync', '#FF0000'],
      ['2027-02-02', 'Weekly sync', '#828B91'],
      ['2027-02-08', 'Weekly sync', '#828B91'],
      ['2027-02-15', 'Weekly sync', '#828B91'],
      ['2027-02-22', 'Weekly sync', '#828B91'],
    ]);
    const scopeWithoutDate = await owner('POST', `/task/${weekly}`, { title: 'x', ...base, scope: 'this' });
    expect(scopeWithoutDate.body.details[0].field).toBe('occurrenceDate');
  });

  it('edits this and following: splits the series, same occurrences, new series from the occurrence', async () => {
    const before = datesOf(await between('2027-01-01', '2027-04-09'), weekly);
    const split = await owner('POST', `/task/${weekly}`, {
      title: 'Weekly sync v2', startDate: '2027-02-15', startDateTime: '11:00', endDate: '2027-02-15', endDateTime: '12:00',
      repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '10', scope: 'following', occurrenceDate: '2027-02-15',
    });
    expect(split.status).toBe(200);
    const newId = split.body.data.id;
    expect(newId).not.toBe(weekly);
    const items = await between('2027-01-01', '2027-04-09');
    expect(datesOf(items, weekly)).toEqual(before.filter((d) => d < '2027-02-15'));
    expect(items.filter((e) => e.scheduleId === newId).map((e) => [e.startDate, e.startTime, e.title])).toEqual([
      ['2027-02-15', '11:00', 'Weekly sync v2'],
      ['2027-02-22', '11:00', 'Weekly sync v2'],
      ['2027-03-01', '11:00', 'Weekly sync v2'],
      ['2027-03-08', '11:00', 'Weekly sync v2'],
    ]);
    expect((await owner('GET', `/task/${newId}`)).body.data).toMatchObject({ repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '4' });
    expect((await owner('GET', `/task/${weekly}`)).body.data).toMatchObject({ repeatDuring: 'date', repeatDuringVal: '2027-02-14' });
  });

  it('edits all: from a later occurrence, moving its day moves the series', async () => {
    const id = await createSchedule({ title: 'Daily', startDate: '2027-03-01', endDate: '2027-03-01', repeatBy: 'day', repeatDuring: 'date', repeatDuringVal: '2027-03-05' });
    await owner('POST', `/task/${id}`, {
      title: 'Daily later', startDate: '2027-03-04', startDateTime: '08:00', endDate: '2027-03-04', endDateTime: '08:30',
      repeatBy: 'day', repeatDuring: 'date', repeatDuringVal: '2027-03-05', scope: 'all', occurrenceDate: '2027-03-03',
    });
    const items = (await between('2027-03-01', '2027-03-31')).filter((e) => e.scheduleId === id);
    expect(items.map((e) => [e.startDate, e.startTime, e.title])).toEqual([
      ['2027-03-02', '08:00', 'Daily later'],
      ['2027-03-03', '08:00', 'Daily later'],
      ['2027-03-04', '08:00', 'Daily later'],
      ['2027-03-05', '08:00', 'Daily later'],
    ]);
  });

  it('keeps wall-clock times across a DST change in the schedule\'s timezone', async () => {
    const id = await createSchedule({ title: 'NY call', startDate: '2027-03-01', endDate: '2027-03-01', timezone: 'America/New_York', repeatBy: 'week', repeatDuring: 'forever' });
    const items = (await between('2027-03-01', '2027-03-20')).filter((e) => e.scheduleId === id);
    expect(items.map((e) => [e.startDate, e.startTime, e.start])).toEqual([
      ['2027-03-01', '09:00', '2027-03-01T14:00:00.000Z'],
      ['2027-03-08', '09:00', '2027-03-08T14:00:00.000Z'], // US summer time starts 2027-03-14
      ['2027-03-15', '09:00', '2027-03-15T13:00:00.000Z'],
    ]);
    const bad = await owner('POST', '/task', { title: 'x', ...base, timezone: 'Mars/Olympus' });
    expect(bad.body.details[0].field).toBe('timezone');
  });

  it('deletes this, following and all', async () => {
    const id = await createSchedule({ title: 'Standup', startDate: '2027-05-03', endDate: '2027-05-03', repeatBy: 'day', repeatDuring: 'forever' });
    expect((await owner('DELETE', `/task/${id}/delete?type=this&occurrenceDate=2027-05-04`)).status).toBe(200);
    expect((await owner('DELETE', `/task/${id}/delete?type=following&occurrenceDate=2027-05-07`)).status).toBe(200);
    expect(datesOf(await between('2027-05-01', '2027-05-31'), id)).toEqual(['2027-05-03', '2027-05-05', '2027-05-06']);
    const [row] = await f.t.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row!.lastEndsAt).not.toBeNull();
    expect((await owner('DELETE', `/task/${id}/delete?type=all`)).status).toBe(200);
    expect((await owner('GET', `/task/${id}`)).status).toBe(404);
  });
});

describe('single schedules', () => {
  it('complete toggles and earns points; drag moves the whole schedule', async () => {
    const id = await createSchedule({ title: 'One-off', activity: [itemId] });
    expect((await owner('PUT', `/task/${id}/complete`, {})).body.data.completed).toBe(true);
    expect((await f.t.db.select().from(activityPoints).where(eq(activityPoints.scheduleId, id))).map((p) => p.earnedOn)).toEqual(['2026-12-07']);
    const moved = await owner('POST', '/schedule/changeScheduleDate', { id, startDate: '2026-12-09', endDate: '2026-12-09', fullDay: true });
    expect(moved.body.data).toMatchObject({ startDate: '2026-12-09', allDay: true, completed: true, isMoved: false });
    expect((await f.t.db.select().from(activityPoints).where(eq(activityPoints.scheduleId, id))).map((p) => p.earnedOn)).toEqual(['2026-12-09']);
    expect((await owner('GET', `/task/${id}`)).body.data).toMatchObject({ startDate: '2026-12-09', fullDay: true, startDateTime: null });
    expect((await owner('PUT', `/task/${id}/complete`, { complete: false })).body.data.completed).toBe(false);
    expect(await f.t.db.select().from(activityPoints).where(eq(activityPoints.scheduleId, id))).toEqual([]);
  });

  it('an edit without `complete` keeps the completion', async () => {
    const id = await createSchedule({ title: 'Done already', complete: true, activity: [itemId] });
    await owner('POST', `/task/${id}`, { title: 'Done, renamed', ...base, activity: [itemId] });
    expect((await owner('GET', `/task/${id}`)).body.data).toMatchObject({ title: 'Done, renamed', complete: true });
    expect(await f.t.db.select().from(activityPoints).where(eq(activityPoints.scheduleId, id))).toHaveLength(1);
    await owner('POST', `/task/${id}`, { title: 'Done, renamed', ...base, complete: false });
    expect((await owner('GET', `/task/${id}`)).body.data.complete).toBe(false);
    expect(await f.t.db.select().from(activityPoints).where(eq(activityPoints.scheduleId, id))).toEqual([]);
  });

  it('search/tasks suggests by title (2+ characters)', async () => {
    await createSchedule({ title: '拜訪台積電', address: 'Hsinchu', client: { id: clientId } });
    const { body } = await owner('GET', `/search/tasks?title=${encodeURIComponent('拜訪')}`);
    expect(body.result).toBe('success');
    const hit = body.data.tasks.find((t: Json) => t.title === '拜訪台積電');
    expect(hit).toMatchObject({ location: 'Hsinchu', startTime: '09:00', customer: { id: clientId } });
    const short = await owner('GET', '/search/tasks?title=a');
    expect(short.status).toBe(400);
    expect(short.body.details[0].field).toBe('title');
  });

  it('notes and timeline hang off a schedule', async () => {
    const id = await createSchedule({ title: 'With notes' });
    expect((await owner('POST', '/notes', { entityType: 'schedule', entityId: id, content: 'Call back' })).status).toBe(200);
    expect((await owner('GET', `/notes?entityType=schedule&entityId=${id}`)).body.data.map((n: Json) => n.content)).toEqual(['Call back']);
    await owner('POST', `/task/${id}`, { title: 'Renamed', ...base });
    const timeline = (await owner('GET', `/timeline?entityType=schedule&entityId=${id}`)).body.data;
    expect(timeline.find((e: Json) => e.action === 'update').changes.title).toEqual(['With notes', 'Renamed']);
  });
});

describe('reminders', () => {
  it('answers a due reminder once, also after a reload', async () => {
    const soon = instantToZoned(new Date(Date.now() + 5 * 60_000), 'Asia/Taipei');
    const end = instantToZoned(new Date(Date.now() + 65 * 60_000), 'Asia/Taipei');
    const later = instantToZoned(new Date(Date.now() + 3 * 3600_000), 'Asia/Taipei');
    const laterEnd = instantToZoned(new Date(Date.now() + 4 * 3600_000), 'Asia/Taipei');
    const id = await createSchedule({ title: 'Soon', startDate: soon.date, startDateTime: soon.time, endDate: end.date, endDateTime: end.time, notice: 600 });
    const laterId = await createSchedule({ title: 'Later', startDate: later.date, startDateTime: later.time, endDate: laterEnd.date, endDateTime: laterEnd.time, notice: 600 });
    const silentId = await createSchedule({ title: 'Silent', startDate: soon.date, startDateTime: soon.time, endDate: end.date, endDateTime: end.time, notice: 0 });
    const first = await call(f.t.app, 'GET', url('/schedule/reminder'), { token: f.owner.token, locale: 'en-US' });
    // This test's schedules only: the file's fixtures are dated 2026-12-07 09:00 in Taipei, and while the clock is
    // within that schedule's hour its reminder is due too.
    const own = first.body.data.items.filter((item: Json) => [id, laterId, silentId].includes(item.sourceId));
    expect(own).toHaveLength(1);
    const [reminder] = own;
    expect(reminder).toMatchObject({ type: 'schedule', sourceId: id, title: 'Soon', date: soon.date, startTime: soon.time, endTime: end.time });
    expect(reminder.reminderRemainTime).toBeGreaterThan(200);
    expect(reminder.reminderRemainTime).toBeLessThanOrEqual(300);
    expect(reminder.dayStr).toMatch(/day$/);
    expect((await owner('GET', '/schedule/reminder')).body.data.items).toEqual([]);
    // Someone else's reminders are not mine.
    expect((await call(f.t.app, 'GET', url('/schedule/reminder'), { token: f.member.token })).body.data.items).toEqual([]);
  });
});

describe('custom-field notification reminders', () => {
  it('a notification field fires a reminder to the record owner on its date, once', async () => {
    const field = (await owner('POST', '/field/contact', { title: 'Renewal', inputType: 'notification' })).body.data;
    const dealField = (await owner('POST', '/field/deal', { title: 'Follow-up', inputType: 'notification' })).body.data;
    const past = instantToZoned(new Date(Date.now() - 60_000), 'Asia/Taipei');
    const future = instantToZoned(new Date(Date.now() + 3600_000), 'Asia/Taipei');
    const contact = await createContact(f.t.app, f.owner.token, f.owner.orgId, {
      firstName: 'Nora', lastName: 'Lee', dynamicFields: { [field.id]: { value: 'Renew the plan', date: past.date, dateTime: past.time } },
    });
    await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Later deal', dynamicFields: { [dealField.id]: { value: 'x', date: future.date, dateTime: future.time } } });
    const first = (await owner('GET', '/schedule/reminder')).body.data.items.filter((r: Json) => r.type !== 'schedule');
    expect(first).toEqual([
      expect.objectContaining({ type: 'contact', sourceId: contact, title: 'Nora Lee · Renewal: Renew the plan', date: past.date, startTime: past.time, reminderRemainTime: 0 }),
    ]);
    expect((await owner('GET', '/schedule/reminder')).body.data.items).toEqual([]);
  });
});

describe('colleagues, visibility and other workspaces', () => {
  let ownerSchedule: string;
  let memberSchedule: string;
  beforeAll(async () => {
    ownerSchedule = await createSchedule({ title: 'Owner only', startDate: '2027-06-01', endDate: '2027-06-01' });
    memberSchedule = await createSchedule({ title: 'Member visit', startDate: '2027-06-02', endDate: '2027-06-02' }, f.member.token);
  });

  it('viewer lists colleagues within the calendar scope; the pick adds their calendars', async () => {
    const view = await owner('GET', '/schedule/viewer');
    expect(view.body.data.users.map((u: Json) => u.userId).sort()).toEqual([f.owner.user.id, f.member.user.id].sort());
    expect((await owner('GET', '/schedule/getDate?date=2027-06-02')).body.data.items).toEqual([]);
    const saved = await owner('POST', '/schedule/saveUserSchedulePickUser', { userIds: [f.member.user.id] });
    expect(saved.body.data.pickedUserIds).toEqual([f.member.user.id]);
    const day = (await owner('GET', '/schedule/getDate?date=2027-06-02')).body.data.items;
    expect(day.map((e: Json) => [e.title, e.owner.name])).toEqual([['Member visit', 'Mia Member']]);
    // Explicit userIds override the pick.
    expect((await owner('GET', `/schedule/getDate?date=2027-06-02&userIds=${f.owner.user.id}`)).body.data.items).toEqual([]);
  });

  it('a member with scope mine sees only their own calendar', async () => {
    const member = as(f.member.token);
    const view = await member('GET', '/schedule/viewer');
    expect(view.body.data.users.map((u: Json) => u.userId)).toEqual([f.member.user.id]);
    const pick = await member('POST', '/schedule/saveUserSchedulePickUser', { userIds: [f.owner.user.id] });
    expect(pick.status).toBe(400);
    expect(pick.body.details[0].field).toBe('userIds');
    expect((await member('GET', `/schedule/getDate?date=2027-06-01&userIds=${f.owner.user.id}`)).body.data.items).toEqual([]);
    expect((await member('GET', `/task/${ownerSchedule}`)).status).toBe(404);
    expect((await member('GET', `/task/${memberSchedule}`)).status).toBe(200);
  });

  it('another workspace gets 404 for every call on a schedule and changes nothing', async () => {
    const other = as(f.other.token);
    const o = f.other.orgId;
    expect((await other('GET', `/task/${ownerSchedule}`, undefined, o)).status).toBe(404);
    expect((await other('POST', `/task/${ownerSchedule}`, { title: 'Hijack', ...base }, o)).status).toBe(404);
    expect((await other('PUT', `/task/${ownerSchedule}/complete`, {}, o)).status).toBe(404);
    expect((await other('POST', '/schedule/changeScheduleDate', { id: ownerSchedule, ...base }, o)).status).toBe(404);
    expect((await other('DELETE', `/task/${ownerSchedule}/delete?type=all`, undefined, o)).status).toBe(404);
    expect((await other('POST', '/notes', { entityType: 'schedule', entityId: ownerSchedule, content: 'x' }, o)).status).toBe(404);
    expect((await other('GET', `/schedule/getDate?date=2027-06-01&userIds=${f.owner.user.id}`, undefined, o)).body.data.items).toEqual([]);
    const pick = await other('POST', '/schedule/saveUserSchedulePickUser', { userIds: [f.owner.user.id] }, o);
    expect(pick.status).toBe(400);
    // Not a member of the schedule's workspace: 403 before anything is read.
    expect((await call(f.t.app, 'GET', url(`/task/${ownerSchedule}`), { token: f.other.token })).status).toBe(403);
    const after = (await owner('GET', `/task/${ownerSchedule}`)).body.data;
    expect(after).toMatchObject({ title: 'Owner only', complete: false, startDate: '2027-06-01' });
  });

  it('range reads go by the stored bounds (a series ending before the range is skipped)', async () => {
    const id = await createSchedule({ title: 'Ended', startDate: '2025-01-06', endDate: '2025-01-06', repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '2' });
    expect(datesOf(await between('2025-01-01', '2025-01-31'), id)).toEqual(['2025-01-06', '2025-01-13']);
    expect(datesOf(await between('2025-02-01', '2025-02-28'), id)).toEqual([]);
    expect(addDays('2025-01-13', 7)).toBe('2025-01-20');
  });
});
