import {
  addDays,
  defaultTimezone,
  type Locale,
  type Reminder,
  type ScheduleSuggestion,
  type ScheduleViewer,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import { assertCan, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import { zonedToInstant } from './schedules.recurrence.ts';
import * as schedulesRepository from './schedules.repository.ts';
import { ownerScope, visibleUserIds } from './schedules.access.ts';
import { instantWindow, occurrencesOf } from './schedules.events.ts';
import { effectiveOccurrence, hhmm } from './schedules.timing.ts';

// ---- search, reminders, viewer ----

/** GET /api/search/tasks: title suggestions among visible schedules, one per distinct title. */
export async function searchTasks(db: Db, actor: Actor, title: string, limit: number): Promise<{ tasks: ScheduleSuggestion[] }> {
  assertCan(actor, 'calendar', 'view');
  const rows = await schedulesRepository.searchByTitle(db, actor.orgId, title, await ownerScope(db, actor), limit * 3);
  const unique = rows.filter((row, i) => rows.findIndex((r) => r.title === row.title) === i).slice(0, limit);
  const links = await schedulesRepository.linkNames(db, actor.orgId, {
    companyIds: unique.flatMap((r) => (r.companyId ? [r.companyId] : [])),
    clientIds: unique.flatMap((r) => (r.clientId ? [r.clientId] : [])),
    dealIds: [],
  });
  const ref = (id: string | null, names: Map<string, string>) => (id && names.has(id) ? { id, name: names.get(id)! } : null);
  return {
    tasks: unique.map((row) => ({
      id: row.id,
      title: row.title,
      startTime: hhmm(row.startTime),
      endTime: hhmm(row.endTime),
      location: row.address,
      category: row.category,
      color: row.color,
      customer: ref(row.clientId, links.clients),
      company: ref(row.companyId, links.companies),
    })),
  };
}

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayStr(date: string, locale: Locale): string {
  let f = weekdayFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    weekdayFormatters.set(locale, f);
  }
  return f.format(new Date(`${date}T12:00:00Z`));
}

/**
 * GET /api/schedule/reminder: the caller's occurrences whose reminder time (start − notice) has come and that have
 * not ended, not completed, not shown before. Each is recorded as shown in the same call (answered once).
 */
export async function dueReminders(db: Db, actor: Actor, locale: Locale, now = new Date()): Promise<{ items: Reminder[] }> {
  const today = now.toISOString().slice(0, 10);
  const from = addDays(today, -2);
  const to = addDays(today, 2);
  const { fromInstant, toInstant } = instantWindow(from, to);
  const rows = await schedulesRepository.listInRange(db, actor.orgId, [actor.userId], fromInstant, toInstant);
  const due: { key: string; reminder: Reminder }[] = [];
  for (const { row, occurrence, exception } of await occurrencesOf(db, actor.orgId, rows, from, to)) {
    const notice = exception?.overrides.notice ?? row.notice;
    const completed = row.rrule ? (exception?.completed ?? false) : row.completed;
    if (notice <= 0 || completed) continue;
    const current = effectiveOccurrence(row, occurrence, exception);
    const remindAt = current.start.getTime() - notice * 1000;
    if (remindAt > now.getTime() || current.end.getTime() <= now.getTime()) continue;
    const key = `schedule:${row.id}:${occurrence.occurrenceDate}:${current.start.toISOString()}`;
    due.push({
      key,
      reminder: {
        key,
        type: 'schedule',
        sourceId: row.id,
        occurrenceDate: occurrence.occurrenceDate,
        title: exception?.overrides.title ?? row.title,
        date: current.startDate,
        dayStr: dayStr(current.startDate, locale),
        startTime: current.startTime,
        endTime: current.endTime,
        reminderRemainTime: Math.max(0, Math.round((current.start.getTime() - now.getTime()) / 1000)),
      },
    });
  }
  due.push(...(await fieldReminders(db, actor, locale, now)));
  const claimed = await schedulesRepository.claimReminders(db, actor.orgId, actor.userId, due.map((d) => d.key));
  return { items: due.filter((d) => claimed.has(d.key)).map((d) => d.reminder) };
}

/** How long a custom-field notification stays due after its time (a user who was away still sees it). */
const fieldReminderWindowMs = 24 * 3600_000;

/**
 * Notification custom fields (contacts, companies, deals) fire a reminder to the record's owner at their date and
 * time (the start of the day without a time), in the workspace's default timezone; due for a day.
 */
async function fieldReminders(db: Db, actor: Actor, locale: Locale, now: Date): Promise<{ key: string; reminder: Reminder }[]> {
  const today = now.toISOString().slice(0, 10);
  const out: { key: string; reminder: Reminder }[] = [];
  for (const entity of ['contact', 'company', 'deal'] as const) {
    const fields = (await customFieldsService.listFields(db, actor.orgId, entity)).filter((f) => f.inputType === 'notification');
    if (fields.length === 0) continue;
    const titles = new Map(fields.map((f) => [f.id, f.title]));
    const rows = await schedulesRepository.fieldNotifications(db, actor.orgId, actor.userId, entity, [...titles.keys()], addDays(today, -2), addDays(today, 1));
    for (const row of rows) {
      const time = row.value.dateTime ?? null;
      const at = zonedToInstant(row.value.date, time, defaultTimezone);
      if (at.getTime() > now.getTime() || now.getTime() - at.getTime() >= fieldReminderWindowMs) continue;
      const key = `${entity}:${row.id}:${row.fieldId}:${row.value.date}T${time ?? ''}`;
      const text = row.value.value?.trim();
      out.push({
        key,
        reminder: {
          key,
          type: entity,
          sourceId: row.id,
          occurrenceDate: null,
          title: `${row.name} · ${titles.get(row.fieldId) ?? ''}${text ? `: ${text}` : ''}`,
          date: row.value.date,
          dayStr: dayStr(row.value.date, locale),
          startTime: time,
          endTime: null,
          reminderRemainTime: 0,
        },
      });
    }
  }
  return out;
}

/** GET /api/schedule/viewer: colleagues within the calendar visibility scope, with the caller's saved pick. */
export async function viewer(db: Db, actor: Actor): Promise<ScheduleViewer> {
  assertCan(actor, 'calendar', 'view');
  const [users, picks] = await Promise.all([
    schedulesRepository.visibleMembers(db, actor.orgId, (column) => ownerPredicate(db, actor, 'calendar', column)),
    schedulesRepository.findPicks(db, actor.orgId, actor.userId),
  ]);
  const visible = new Set(users.map((u) => u.userId));
  const pickedUserIds = picks.filter((id) => visible.has(id));
  return {
    users: users.map((u) => ({ ...u, isPicked: pickedUserIds.includes(u.userId), isSelf: u.userId === actor.userId })),
    pickedUserIds,
  };
}

/** POST /api/schedule/saveUserSchedulePickUser: users outside the visibility scope → 400 userIds. */
export async function savePickedUsers(db: Db, actor: Actor, userIds: string[]): Promise<ScheduleViewer> {
  assertCan(actor, 'calendar', 'view');
  const unique = [...new Set(userIds)];
  const visible = await visibleUserIds(db, actor, unique);
  if (visible.length !== unique.length) throw fieldError('userIds', 'invalidValue');
  await schedulesRepository.savePicks(db, actor.orgId, actor.userId, unique);
  return viewer(db, actor);
}
