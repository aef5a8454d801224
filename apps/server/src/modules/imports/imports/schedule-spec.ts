import {
  addDays,
  parseCategory,
  parseDateTime,
  parseNotice,
  parseRepeat,
  parseYesNo,
  scheduleCreateBodySchema,
  type CustomField,
  type ScheduleCreateBody,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { scheduleTransfer } from '../../calendar/schedules/schedules.service.ts';
import { dealImports } from '../../deals/deals/deals.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import { mappedCells, schemaProblems, type CheckResult, type ImportContext, type RowProblem, type RowSpec } from './row-spec.ts';

/**
 * Schedules: a row → the body the schedule drawer sends (scheduleCreateBodySchema: the same rules and messages as
 * POST /api/task). Start and end are a date with an optional time, wall-clock in the schedule's timezone (the
 * drawer's default, as a schedule made in the calendar); a start without a time is an all-day schedule, and a
 * missing end is the start day (all-day) or an hour after the start. Client, company, deal and owner are matched by
 * name (the owner also by email, among the members whose calendars the importer may see) and fail the row when
 * nothing matches. Duplicates: same title, start and owner.
 */
export interface CheckedSchedule {
  body: ScheduleCreateBody;
  names: { client?: string | undefined; company?: string | undefined; deal?: string | undefined; owner?: string | undefined };
  /** The file has a repeat column: an update writes its rule (else the stored rule stays). */
  repeatGiven: boolean;
}

/** The import field holding each create-body field (for the problem's column). */
const fieldOfPath: Record<string, string> = {
  title: 'title', category: 'category', startDate: 'start', startDateTime: 'start', endDate: 'end', endDateTime: 'end', fullDay: 'fullDay',
  repeatBy: 'repeat', repeatDuring: 'repeat', repeatDuringVal: 'repeat', notice: 'notice', address: 'address', taskNote: 'taskNote', complete: 'complete',
};

/** An hour after a start (the drawer's rule: 23:xx ends at 00:xx the next day). */
function hourAfter(date: string, time: string): { date: string; time: string } {
  const [hour, minute] = time.split(':') as [string, string];
  const next = Number(hour) + 1;
  return next === 24 ? { date: addDays(date, 1), time: `00:${minute}` } : { date, time: `${String(next).padStart(2, '0')}:${minute}` };
}

/** The raw body of a row, or the cells no words match (a date, a yes/no, a repeat, a category or a reminder). */
function rawBody(fields: Map<string, string>) {
  const unreadable: string[] = [];
  const read = <T>(field: string, parse: (cell: string) => T | undefined): T | undefined => {
    const cell = fields.get(field);
    if (cell === undefined) return undefined;
    const value = parse(cell);
    if (value === undefined) unreadable.push(field);
    return value;
  };
  const start = read('start', parseDateTime);
  const end = read('end', parseDateTime);
  const fullDay = read('fullDay', parseYesNo) ?? (start ? start.time === null : false);
  const defaultEnd = start && !fullDay && start.time ? hourAfter(start.date, start.time) : start;
  const until = end ?? defaultEnd;
  const repeat = read('repeat', parseRepeat);
  const raw = {
    title: fields.get('title') ?? '',
    category: read('category', parseCategory),
    startDate: start?.date,
    startDateTime: fullDay ? null : start?.time,
    endDate: until?.date,
    endDateTime: fullDay ? null : until?.time,
    fullDay,
    ...(repeat ?? {}),
    notice: read('notice', parseNotice),
    address: fields.get('address'),
    taskNote: fields.get('taskNote'),
    complete: read('complete', parseYesNo),
  };
  return { raw, unreadable };
}

export function checkScheduleRow(cells: string[], mapping: string[], definitions: CustomField[]): CheckResult<CheckedSchedule> {
  const { columnOf, fields } = mappedCells(cells, mapping, definitions);
  const column = (field: string) => columnOf.get(field) ?? -1;
  const { raw, unreadable } = rawBody(fields);
  if (unreadable.length > 0) {
    const reasonOf = (field: string) => (field === 'start' || field === 'end' ? 'invalidDate' : 'invalidValue');
    return { problems: unreadable.map((field): RowProblem => ({ column: column(field), field, reason: reasonOf(field) })) };
  }
  const parsed = scheduleCreateBodySchema.safeParse(raw);
  if (!parsed.success) {
    const problems = schemaProblems(parsed.error.issues, ([head]) => column(fieldOfPath[String(head)] ?? ''));
    // The title's length rule and the schedule rule both name a blank title: one problem per field and reason.
    const named = problems.map((p) => ({ ...p, field: fieldOfPath[p.field.split('.')[0]!] ?? p.field }));
    return { problems: named.filter((p, i) => named.findIndex((q) => q.field === p.field && q.reason === p.reason) === i) };
  }
  const names = { client: fields.get('client'), company: fields.get('company'), deal: fields.get('deal'), owner: fields.get('owner') };
  return { checked: { body: parsed.data, names, repeatGiven: fields.has('repeat') }, problems: [] };
}

const keySeparator = '\u0000';
/** Title, local start and owner name ('' = the importer), lower-cased. */
const duplicateKey = (c: CheckedSchedule) =>
  [c.body.title.toLowerCase(), `${c.body.startDate} ${c.body.fullDay ? '' : (c.body.startDateTime ?? '')}`, c.names.owner?.toLowerCase() ?? ''].join(keySeparator);

async function findExisting(tx: Db, orgId: string, keys: string[], ctx?: ImportContext): Promise<Map<string, string>> {
  const parts = keys.map((key) => key.split(keySeparator) as [string, string, string]);
  const rows = await scheduleTransfer.findByTitles(tx, orgId, [...new Set(parts.map(([title]) => title))]);
  const owners = parts.some(([, , owner]) => owner) ? await scheduleTransfer.ownersFor(tx, orgId, ctx?.userId ?? null) : new Map<string, string>();
  const found = new Map<string, string>();
  parts.forEach(([title, start, owner], i) => {
    const ownerId = owner ? owners.get(owner) : (ctx?.userId ?? undefined);
    const match = rows.find((r) => r.title.toLowerCase() === title && r.ownerUserId === ownerId && `${r.startDate} ${r.startTime?.slice(0, 5) ?? ''}` === start);
    if (match) found.set(keys[i]!, match.id);
  });
  return found;
}

/** Records found oldest first → each lower-cased name to the oldest record of that name. */
function oldestByName<R extends { id: string }>(found: R[], nameOf: (row: R) => string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const row of found) if (!byName.has(nameOf(row).toLowerCase())) byName.set(nameOf(row).toLowerCase(), row.id);
  return byName;
}

const notFound = (field: string): { problem: RowProblem } => ({ problem: { column: -1, field, reason: 'notFound' } });

async function writer(tx: Db, ctx: ImportContext, rows: CheckedSchedule[]) {
  const lower = (pick: (n: CheckedSchedule['names']) => string | undefined) => [...new Set(rows.flatMap((r) => (pick(r.names) ? [pick(r.names)!.toLowerCase()] : [])))];
  const [clients, companies, deals, owners] = await Promise.all([
    contactsService.findByNames(tx, ctx.orgId, lower((n) => n.client)).then((found) => oldestByName(found, (r) => r.name)),
    companiesService.findByTaxesOrNames(tx, ctx.orgId, [], lower((n) => n.company)).then((found) => oldestByName(found, (r) => r.sortName ?? '')),
    dealImports.findByNames(tx, ctx.orgId, lower((n) => n.deal)).then((found) => oldestByName(found, (r) => r.name)),
    rows.some((r) => r.names.owner) ? scheduleTransfer.ownersFor(tx, ctx.orgId, ctx.userId) : new Map<string, string>(),
  ]);
  /** The row's named records as ids, or the field naming nothing. */
  const resolve = (c: CheckedSchedule) => {
    const ids: { client?: string; company?: string; deal?: string; owner?: string } = {};
    for (const [field, found] of [['client', clients], ['company', companies], ['deal', deals], ['owner', owners]] as const) {
      const name = c.names[field];
      if (!name) continue;
      const id = found.get(name.toLowerCase());
      if (!id) return notFound(field);
      ids[field] = id;
    }
    const body: ScheduleCreateBody = {
      ...c.body,
      client: ids.client ? { id: ids.client } : null,
      company: ids.company ? { id: ids.company } : null,
      deal: ids.deal ?? null,
    };
    return { body, ownerUserId: ids.owner };
  };
  return {
    room: Infinity,
    async create(c: CheckedSchedule) {
      const r = resolve(c);
      if ('problem' in r) return r;
      const ownerUserId = r.ownerUserId ?? ctx.userId;
      if (!ownerUserId) return notFound('owner');
      return { id: await scheduleTransfer.insertImported(tx, ctx.orgId, { ownerUserId, creatorUserId: ctx.userId }, r.body) };
    },
    async update(id: string, c: CheckedSchedule) {
      const r = resolve(c);
      if ('problem' in r) return r;
      return { previous: await scheduleTransfer.updateImported(tx, ctx.orgId, id, r.body, { rule: c.repeatGiven, ownerUserId: r.ownerUserId }) };
    },
  };
}

export const scheduleSpec: RowSpec<CheckedSchedule> = {
  kind: 'schedule',
  table: 'schedules',
  feature: 'calendar',
  entity: 'schedule',
  check: checkScheduleRow,
  duplicateKeys: (c) => [duplicateKey(c)],
  findExisting,
  writer,
  async undo(tx, orgId, created, updated) {
    for (let i = 0; i < created.length; i += 1000) await scheduleTransfer.purgeImported(tx, orgId, created.slice(i, i + 1000));
    for (const u of updated) await scheduleTransfer.restoreImported(tx, orgId, u.recordId, u.previous);
  },
};
