import { dayIn, latestWeeklySlot, instantAt, type ScannedEventType, type WorkflowTrigger } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { camelKeys } from '../../../platform/events.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import { workflowClock } from './workflows.clock.ts';
import { candidateRun, insertWithinRate } from './workflows.match.ts';
import * as repository from './workflows.repository.ts';
import * as scans from './workflows.scans.repository.ts';

/**
 * The triggers no outbox event announces, judged by time (docs/product.md#workflows): a deal stalled in its stage, a
 * date coming up (a deal's expected close, a contact's birthday), a contact not contacted for N days, a weekly
 * schedule. Each finding is keyed (the deal and when it entered its stage, the record and the day, the contact and its
 * last contact, the week's slot), and a run is unique per workflow and key, so a scan may run any number of times, on
 * any number of servers. Only what happened over the last 30 days starts a run: switching a workflow on does not
 * replay years. Days and times are the workspace's time zone's (Settings; Asia/Taipei by default).
 */

const windowDays = 30;
const scanLimit = 1000;


export interface Found {
  kind: string;
  id: string;
  key: string;
  at: Date;
  record: Record<string, unknown>;
}

/**
 * What a scanned trigger finds as of `asOf` over the last 30 days. `live` (the scan) leaves out dates already past;
 * the dry run, looking back, keeps them.
 */
export async function findScanned(db: Db, orgId: string, trigger: WorkflowTrigger, asOf: Date, live: boolean, timeZone: string, limit = scanLimit): Promise<Found[]> {
  const dayOf = (date: Date) => dayIn(date, timeZone);
  const since = new Date(asOf.getTime() - windowDays * 86_400_000);
  const days = { fromDay: dayOf(since), today: dayOf(asOf), notBefore: live ? dayOf(asOf) : dayOf(since), limit };
  switch (trigger.type) {
    case 'deal.stalled': {
      const deals = await scans.stalledDeals(db, orgId, { stage: trigger.stage, days: trigger.days, stalledAfter: since, asOf, limit });
      return deals.map((d) => ({ kind: 'deal', id: d.id, key: `stalled:${d.id}:${new Date(d.stageChangedAt).toISOString()}`, at: new Date(d.stalledAt), record: camelKeys(d.record) ?? {} }));
    }
    case 'date.reached': {
      const contact = trigger.dateField === 'contact.birthday';
      const daysBefore = trigger.daysBefore ?? 0;
      const rows = contact ? await scans.contactsByBirthday(db, orgId, { daysBefore, ...days }) : await scans.dealsByCloseDate(db, orgId, { daysBefore, ...days });
      return rows.map((r) => ({ kind: contact ? 'contact' : 'deal', id: r.id, key: `date:${r.id}:${r.keyOf}:${daysBefore}`, at: instantAt(r.at, '00:00', timeZone), record: camelKeys(r.record) ?? {} }));
    }
    case 'contact.idle': {
      const rows = await scans.idleContacts(db, orgId, { days: trigger.days ?? 90, since, asOf, limit });
      return rows.map((r) => ({ kind: 'contact', id: r.id, key: `idle:${r.id}:${r.keyOf}`, at: new Date(r.at), record: camelKeys(r.record) ?? {} }));
    }
    default:
      return [];
  }
}

async function scanType(db: Db, type: ScannedEventType): Promise<number> {
  let started = 0;
  const zones = new Map<string, string>();
  for (const workflow of await repository.enabledWithTrigger(db, type)) {
    const asOf = workflowClock(workflow.orgId);
    if (!zones.has(workflow.orgId)) zones.set(workflow.orgId, await organizationsService.workspaceTimeZone(db, workflow.orgId));
    const timeZone = zones.get(workflow.orgId)!;
    const found =
      type === 'time.weekly'
        ? weeklyFinding(workflow, asOf, timeZone)
        : await findScanned(db, workflow.orgId, workflow.trigger, asOf, true, timeZone);
    const candidates = found.flatMap((f) => {
      const candidate = candidateRun(workflow, { type, kind: f.kind, record: f.record, id: null, key: f.key, recordId: f.id }, 0);
      return candidate ? [candidate] : [];
    });
    started += await insertWithinRate(db, candidates);
  }
  return started;
}

/** A weekly schedule has no record: its run is about the workflow itself, once per slot, within a day of it. */
export function weeklyFinding(workflow: Pick<repository.WorkflowRow, 'id' | 'name' | 'ownerUserId' | 'trigger'>, asOf: Date, timeZone: string): Found[] {
  const { weekday, time } = workflow.trigger;
  if (weekday === undefined || time === undefined) return [];
  const slot = latestWeeklySlot(weekday, time, asOf, timeZone);
  if (slot.minutesAgo >= 1440) return [];
  return [{ kind: 'workflow', id: workflow.id, key: `weekly:${slot.day}`, at: asOf, record: { id: workflow.id, name: workflow.name, ownerUserId: workflow.ownerUserId } }];
}

/** Starts a run for each deal stalled past its workflow's days over the last 30 days, once per stay in a stage. */
export function scanStalledDeals(db: Db): Promise<number> {
  return scanType(db, 'deal.stalled');
}

/** Dates coming up, contacts gone quiet and weekly schedules (every 5 minutes). */
export async function scanTimedTriggers(db: Db): Promise<number> {
  let started = 0;
  for (const type of ['date.reached', 'contact.idle', 'time.weekly'] as const) started += await scanType(db, type);
  return started;
}
