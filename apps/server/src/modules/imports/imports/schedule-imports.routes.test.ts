import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { importFields, memberPrivilegeFeatures } from '@lodestar/contract';
import { addMember, call, registerUser, type Json, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import { privileges } from '../../access/privileges/privileges.table.ts';
import { schedules } from '../../calendar/schedules/schedules.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let kit: ReturnType<typeof importKit>;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-schedule-imports-test-${process.pid}` }));
  kit = importKit(t, 'schedule');
});
afterAll(async () => {
  await t?.close();
});

const orgSchedules = (orgId = owner.orgId) => t.db.select().from(schedules).where(eq(schedules.orgId, orgId));
// In start order: a row's place in an unordered select moves with every update (the undo's restore is one).
const titled = async (title: string) =>
  (await orgSchedules()).filter((s) => s.title === title).sort((a, b) => `${a.startDate} ${a.id}`.localeCompare(`${b.startDate} ${b.id}`));
const between = async (who: { token: string; orgId: string }, start: string, end: string) =>
  (await call(t.app, 'GET', `/api/schedule/getBetween?orgId=${who.orgId}&start=${start}&end=${end}`, { token: who.token })).body.data.items as Json[];

describe('schedule import', () => {
  it('reads every field from Chinese headers, matches links by name, and refuses rows as the create API does, in three languages', async () => {
    const client = await createContact(t.app, owner.token, owner.orgId, { firstName: '小美', lastName: '王' });
    const company = await createCompany(t.app, owner.token, owner.orgId, { name: 'Sched Co' });
    const deal = (await call(t.app, 'POST', `/api/deal?orgId=${owner.orgId}`, { token: owner.token, body: { name: 'Sched Deal', amount: '100', startDate: '2026-01-01', estimatedEndDate: '2026-12-31' } })).body.data.dealId;
    const text = [
      '主題,開始時間,結束時間,全天,重複,類型,地點,客戶,公司,商機,負責人,提醒,已完成,備註',
      '客戶拜訪,2026/3/5 14:00,2026-03-05 15:30,否,"每週，共 5 次",拜訪,台北 101,王小美,Sched Co,Sched Deal,Ada Lin,10 分鐘前,否,帶樣品',
      '年度大會,2026-04-01,,,,,,,,,,,是,',
      ',2026-03-06 10:00,,,,,,,,,,,,',
      'Backwards,2026-03-06 10:00,2026-03-06 09:00,,,,,,,,,,,',
      'Bad date,2026-02-30 10:00,,,,,,,,,,,,',
      'Bad repeat,2026-03-07 10:00,,,sometimes,,,,,,,,,',
      'Bad reminder,2026-03-07 10:00,,,,,,,,,,7 分鐘,,',
      'Nobody,2026-03-07 10:00,,,,,,Nobody Here,,,,,,',
      'Stranger,2026-03-07 10:00,,,,,,,,,Someone Else,,,',
    ].join('\n');
    const up = await kit.upload(owner, Buffer.from(text));
    expect(up.status).toBe(200);
    const id = up.body.data.id as string;
    const check = (await kit.detail(owner, id)).body.data;
    expect(check.mapping).toEqual(['title', 'start', 'end', 'fullDay', 'repeat', 'category', 'address', 'client', 'company', 'deal', 'owner', 'notice', 'complete', 'taskNote']);
    // Schedules have no custom fields: nothing offers a new one.
    expect(check.targets.map((x: Json) => x.key)).not.toContain('new');
    expect(check.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [3, '主題', 'required'],
      [4, '結束時間', 'invalidValue'],
      [5, '開始時間', 'invalidDate'],
      [6, '重複', 'invalidValue'],
      [7, '提醒', 'invalidValue'],
    ]);
    const messages = await Promise.all(['en-US', 'zh-TW', 'zh-CN'].map(async (l) => (await kit.detail(owner, id, l)).body.data.problems[2].message));
    expect(messages[0]).toBe('Incorrect Date Format');
    expect(new Set(messages).size).toBe(3);

    // The calendar's answer for March is cached (READ_CACHE_MS) before the import: its writes must renew it.
    expect(await between(owner, '2026-03-01', '2026-03-31')).toEqual([]);
    const { detail } = await kit.run(owner, text);
    expect(detail).toMatchObject({ state: 'done', created: 2, failed: 7 });
    expect(detail.problems.slice(5).map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [8, '客戶', 'notFound'],
      [9, '負責人', 'notFound'],
    ]);
    const [visit] = await titled('客戶拜訪');
    expect(visit).toMatchObject({
      startDate: '2026-03-05', startTime: '14:00:00', endDate: '2026-03-05', endTime: '15:30:00', fullDay: false, rrule: 'FREQ=WEEKLY;COUNT=5',
      category: 'visit', address: '台北 101', clientId: client, companyId: company, dealId: deal, ownerUserId: owner.user.id, creatorUserId: owner.user.id,
      notice: 600, taskNote: '帶樣品', timezone: 'Asia/Taipei', completed: false,
    });
    expect(await titled('年度大會')).toMatchObject([{ startDate: '2026-04-01', endDate: '2026-04-01', fullDay: true, startTime: null, completed: true }]);
    // The calendar (through its read cache) shows the series' occurrences, as for a schedule made in the drawer.
    const march = (await between(owner, '2026-03-01', '2026-03-31')).filter((e) => e.title === '客戶拜訪');
    expect(march.map((e) => e.startDate)).toEqual(['2026-03-05', '2026-03-12', '2026-03-19', '2026-03-26']);
    const one = await call(t.app, 'GET', `/api/task/${visit!.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(one.body.data).toMatchObject({ client: { id: client, name: '王小美' }, repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '5' });
  });

  it('handles duplicates (same title, start and owner) per choice; undo restores what an update changed and removes what it created', async () => {
    const first = await kit.run(owner, 'Title,Start,Location\nDup Meeting,2026-05-01 09:00,Room A\n');
    expect(first.detail.created).toBe(1);
    const text = 'Title,Start,Location\ndup meeting,2026-05-01 09:00,Room B\n';
    expect((await kit.run(owner, text, { duplicates: 'skip' })).detail).toMatchObject({ skipped: 1 });
    // Another start is another schedule, not a duplicate.
    expect((await kit.run(owner, 'Title,Start\nDup Meeting,2026-05-02 09:00\n', { duplicates: 'skip' })).detail).toMatchObject({ created: 1 });
    const updated = await kit.run(owner, text, { duplicates: 'update' });
    expect(updated.detail).toMatchObject({ updated: 1 });
    expect(await titled('dup meeting')).toMatchObject([{ address: 'Room B', endTime: '10:00:00' }]);
    expect((await kit.undo(owner, updated.id)).status).toBe(202);
    expect(await titled('Dup Meeting')).toMatchObject([{ address: 'Room A' }, { startDate: '2026-05-02' }]);
    const created = await kit.run(owner, text, { duplicates: 'create' });
    expect(created.detail).toMatchObject({ created: 1 });
    expect((await orgSchedules()).filter((s) => s.title.toLowerCase() === 'dup meeting')).toHaveLength(3);
    expect((await kit.undo(owner, created.id)).status).toBe(202);
    expect(await titled('dup meeting')).toEqual([]);
    expect((await between(owner, '2026-05-01', '2026-05-01')).map((e) => e.title)).toEqual(['Dup Meeting']);
  });
});

const sheetValues = async (payload: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as ExcelJS.CellValue[]).slice(1));
};

describe('schedule import template and reminders', () => {
  it('the template in each language is guessed back to every schedule field', async () => {
    for (const language of ['zh-TW', 'zh-CN', 'en-US']) {
      const template = await call(t.app, 'GET', kit.url('/import/emptyForm', owner.orgId), { token: owner.token, headers: { 'accept-language': language } });
      expect(template.status).toBe(200);
      const up = await kit.upload(owner, Buffer.from(`${String(template.body)}Row,2026-08-01\n`));
      expect((await kit.detail(owner, up.body.data.id)).body.data.mapping, language).toEqual([...importFields.schedule]);
    }
  });

  it('reads Excel date cells (date and time, date alone) from a workbook as wall-clock times', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('行程');
    sheet.addRow(['主題', '開始時間', '結束時間']);
    // Excel keeps no timezone: a cell's date is its wall clock (ExcelJS hands it over as that time in UTC).
    sheet.addRow(['Excel 會議', new Date(Date.UTC(2026, 8, 1, 9, 30)), new Date(Date.UTC(2026, 8, 1, 11, 0))]);
    sheet.addRow(['Excel 全天', new Date(Date.UTC(2026, 8, 2)), null]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const { detail } = await kit.run(owner, data, { name: 'schedules.xlsx' });
    expect(detail).toMatchObject({ created: 2, failed: 0 });
    expect(await titled('Excel 會議')).toMatchObject([{ startDate: '2026-09-01', startTime: '09:30:00', endTime: '11:00:00', fullDay: false }]);
    expect(await titled('Excel 全天')).toMatchObject([{ startDate: '2026-09-02', endDate: '2026-09-02', fullDay: true }]);
  });

  it('an imported schedule with a reminder is among the due reminders, as one made in the drawer', async () => {
    const soon = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Taipei', dateStyle: 'short', timeStyle: 'short' }).format(new Date(Date.now() + 5 * 60_000));
    const { detail } = await kit.run(owner, `Title,Start,Reminder\nCall back soon,${soon},10 minutes before\n`);
    expect(detail.created).toBe(1);
    const reminders = await call(t.app, 'GET', `/api/schedule/reminder?orgId=${owner.orgId}`, { token: owner.token });
    expect(reminders.body.data.items.map((r: Json) => r.title)).toContain('Call back soon');
  });
});

describe('schedule export', () => {
  it('holds only the schedules the caller\'s calendar scope shows, as XLSX text cells (never formulas, no visible marker)', async () => {
    const body = { title: '=1+2', startDate: '2026-03-10', startDateTime: '09:00', endDate: '2026-03-10', endDateTime: '10:00', address: '+886 2 1234' };
    expect((await call(t.app, 'POST', `/api/task?orgId=${owner.orgId}`, { token: member.token, body })).status).toBe(200);
    const res = await kit.exportFile({ token: member.token, orgId: owner.orgId }, { fields: ['title', 'start', 'end', 'address', 'owner', 'repeat'], range: 'all', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(await sheetValues(res.rawPayload)).toEqual([
      ['Title', 'Start', 'End', 'Location', 'Owner', 'Repeat'],
      // (ExcelJS leaves a row's trailing empty cells out.)
      // Text cells: a formula cell would read back as { formula }, so plain strings mean none is one.
      ['=1+2', '2026-03-10 09:00', '2026-03-10 10:00', '+886 2 1234', 'Mia Member'],
    ]);
  });

  it('exports the visible dates as the calendar shows them (occurrences), and everything as each series once with its rule', async () => {
    const range = { fields: ['title', 'start', 'repeat', 'client', 'company', 'deal', 'notice', 'fullDay'], range: 'filter', listQuery: { from: '2026-03-01', to: '2026-03-31', userIds: owner.user.id } };
    const march = await kit.exportFile(owner, range, 'zh-TW');
    const lines = march.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('標題,開始時間,重複,客戶,公司,商機,提醒,全天');
    expect(lines.filter((l) => l.startsWith('客戶拜訪'))).toEqual(
      ['05', '12', '19', '26'].map((d) => `客戶拜訪,2026-03-${d} 14:00,每週，共 5 次,王小美,Sched Co,Sched Deal,10 分鐘前,否`),
    );
    // The member's schedule is not among the owner's calendar (only the owner's own were asked for).
    expect(lines.some((l) => l.includes('=1+2'))).toBe(false);
    const all = await kit.exportFile(owner, { fields: ['title', 'start', 'repeat'], range: 'all' });
    const rows = all.body.trim().split('\r\n');
    expect(rows.filter((l) => l.startsWith('客戶拜訪'))).toEqual(['客戶拜訪,2026-03-05 14:00,"Weekly, 5 times"']);
    // The owner's scope is everything: the member's schedule is there too.
    expect(rows).toContain("'=1+2,2026-03-10 09:00,");
    const bad = await kit.exportFile(owner, { fields: ['title'], range: 'filter', listQuery: { from: '2026-03-01' } });
    expect(bad.statusCode).toBe(400);
    const tooLong = await kit.exportFile(owner, { fields: ['title'], range: 'filter', listQuery: { from: '2026-01-01', to: '2027-06-01' } });
    expect(tooLong.statusCode).toBe(400);
    expect((await kit.exportFile(owner, { fields: ['amount'], range: 'all' })).statusCode).toBe(400);
  });

  it('an exported file imports again as the same schedules', async () => {
    const file = await kit.exportFile(owner, { fields: ['title', 'start', 'end', 'fullDay', 'repeat', 'category', 'address', 'notice', 'complete'], range: 'all' }, 'zh-CN');
    const again = await kit.run(owner, file.rawPayload, { duplicates: 'skip' });
    // Every schedule of the owner is a duplicate; the member's neutralised title ('=1+2) is a new one of the owner's.
    expect(again.detail).toMatchObject({ created: 1, failed: 0 });
    expect(again.detail.skipped).toBeGreaterThan(3);
  });
});

describe('schedule import access', () => {
  it('another workspace cannot read, map, run, undo or download an import (404); a member without the import privilege gets 403', async () => {
    const up = await kit.upload(owner, Buffer.from('Title,Start\nMine,2026-06-01 10:00\n'));
    const id = up.body.data.id as string;
    const stranger = { token: other.token, orgId: other.orgId };
    expect((await kit.detail(stranger, id)).status).toBe(404);
    const field = await call(t.app, 'POST', kit.url(`/import/field/${id}`, other.orgId), { token: other.token, body: { mapping: ['title', 'start'], duplicates: 'skip' } });
    expect(field.status).toBe(404);
    expect((await call(t.app, 'POST', kit.url(`/import/store/${id}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await kit.undo(stranger, id)).status).toBe(404);
    expect((await call(t.app, 'GET', kit.url(`/import/failed/${id}`, other.orgId), { token: other.token })).status).toBe(404);
    // A column may not become a new field, nor a field take two columns.
    const mine = await call(t.app, 'POST', kit.url(`/import/field/${id}`, owner.orgId), { token: owner.token, body: { mapping: ['title', 'new'], duplicates: 'skip' } });
    expect(mine.status).toBe(400);
    expect((await kit.upload({ token: member.token, orgId: owner.orgId }, Buffer.from('Title\nX\n'))).status).toBe(403);
    expect((await call(t.app, 'GET', kit.url('/import/emptyForm', owner.orgId), { token: member.token })).status).toBe(403);
    expect((await orgSchedules(other.orgId)).length).toBe(0);
  });
});

describe('schedule import scope', () => {
  it('a member allowed to import only into their own calendar cannot name a colleague as the owner', async () => {
    const features = memberPrivilegeFeatures();
    features.calendar = { methods: ['view', 'create', 'edit', 'delete', 'export', 'import'], scope: 'mine' };
    const [privilege] = await t.db.insert(privileges).values({ orgId: owner.orgId, name: 'own calendar import', isAdministrator: false, features }).returning();
    const importer = await registerUser(t.app, { firstName: 'Ivy', lastName: 'Importer' });
    await addMember(t.db, owner.orgId, importer.user.id, { privilegeId: privilege!.id });
    const who = { token: importer.token, orgId: owner.orgId };
    const text = 'Title,Start,Owner\nMine too,2026-07-01 10:00,Ivy Importer\nInto the boss,2026-07-01 11:00,Ada Lin\n';
    const { detail } = await kit.run(who, text);
    expect(detail).toMatchObject({ created: 1, failed: 1 });
    expect(detail.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([[2, 'Owner', 'notFound']]);
    expect(await titled('Mine too')).toMatchObject([{ ownerUserId: importer.user.id }]);
    expect(await titled('Into the boss')).toEqual([]);
  });
});
