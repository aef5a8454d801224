import type { EventType } from '../platform/events.ts';
import { instantAt as zonedInstant } from './time-zones.ts';
import type { WorkflowCondition, WorkflowConditions, WorkflowInput, WorkflowRecordKind, WorkflowTrigger } from './workflows.ts';

/** Pure rules of workflows (docs/product.md#workflows): which events start one, whether a record matches. */

/** Active workflows per workspace, runs started per workspace per hour (then they pause), and how deep a chain of runs goes. */
export const workflowLimits = { maxActive: 200, runsPerHour: 1000, maxDepth: 3 } as const;

/** The record as an event carries it: the API's field names (docs/events.md). */
export type WorkflowRecord = Record<string, unknown>;

/** A scanned trigger's own "event" type (no outbox event). */
export type ScannedEventType = 'deal.stalled' | 'date.reached' | 'contact.idle' | 'time.weekly' | 'webhook.received';

export interface TriggerEvent {
  type: EventType | ScannedEventType;
  kind: string;
  record: WorkflowRecord;
  changed?: string[] | undefined;
  previous?: WorkflowRecord | undefined;
}

/** The outbox event types that can start a workflow with this trigger (deal.stalled comes from a scan, not the outbox). */
export function triggerEventTypes(trigger: WorkflowTrigger): EventType[] {
  switch (trigger.type) {
    case 'record.created':
      return [`${trigger.recordKind ?? 'deal'}.created` as EventType];
    case 'record.updated':
      return [`${trigger.recordKind ?? 'deal'}.updated` as EventType];
    case 'deal.stalled':
    case 'date.reached':
    case 'contact.idle':
    case 'time.weekly':
    case 'webhook.received':
      return [];
    default:
      return [trigger.type];
  }
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));

export function triggerMatches(trigger: WorkflowTrigger, event: TriggerEvent): boolean {
  if (trigger.type === 'deal.stalled') return event.type === 'deal.stalled' && (trigger.stage === undefined || text(event.record.stage) === String(trigger.stage));
  if (trigger.type === 'date.reached' || trigger.type === 'contact.idle' || trigger.type === 'time.weekly' || trigger.type === 'webhook.received') return event.type === trigger.type;
  if (trigger.type === 'message.received' && trigger.keyword !== undefined) {
    if (event.type !== 'message.received' || !text(event.record.text).toLowerCase().includes(trigger.keyword.toLowerCase())) return false;
  }
  if (!triggerEventTypes(trigger).includes(event.type as EventType)) return false;
  if (trigger.type === 'deal.stage_changed') return trigger.stage === undefined || text(event.record.stage) === String(trigger.stage);
  if (trigger.type === 'record.updated' && trigger.field) {
    if (!event.changed?.includes(trigger.field)) return false;
    if (trigger.from !== undefined && text(event.previous?.[trigger.field]) !== trigger.from) return false;
    if (trigger.to !== undefined && text(event.record[trigger.field]) !== trigger.to) return false;
  }
  return true;
}

function conditionHolds(condition: WorkflowCondition, record: WorkflowRecord): boolean {
  const raw = record[condition.field];
  const value = text(raw);
  switch (condition.op) {
    case 'eq':
      return value === condition.value;
    case 'neq':
      return value !== condition.value;
    case 'gt':
      return raw !== null && raw !== undefined && value !== '' && Number(value) > Number(condition.value);
    case 'lt':
      return raw !== null && raw !== undefined && value !== '' && Number(value) < Number(condition.value);
    case 'contains':
      return value.toLowerCase().includes(condition.value.toLowerCase());
    case 'isEmpty':
      return value === '';
    case 'isNotEmpty':
      return value !== '';
    case 'hasTag':
      return Array.isArray(raw) && raw.includes(condition.value);
    case 'lacksTag':
      return !Array.isArray(raw) || !raw.includes(condition.value);
  }
}

/** OR over the groups, AND inside each; no group means every record. */
export function conditionsHold(conditions: WorkflowConditions, record: WorkflowRecord): boolean {
  return conditions.groups.length === 0 || conditions.groups.some((group) => group.every((condition) => conditionHolds(condition, record)));
}

/** The record's display name: deals and companies have a name, contacts a first and last name. */
export function recordNameOf(kind: string, record: WorkflowRecord): string {
  if (kind === 'contact') return [record.lastName, record.firstName].filter(Boolean).join('') || text(record.name);
  return text(record.name ?? record.title);
}

/**
 * `{{name}}` → the record's name; `{{field}}` → that field of the record (a webhook payload's fields included), empty
 * when absent.
 */
export function renderWorkflowText(template: string, recordName: string, limit = 200, record: WorkflowRecord = {}): string {
  return template.replace(/\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g, (_, field: string) => (field === 'name' && recordName ? recordName : text(record[field]))).slice(0, limit);
}

/**
 * A webhook-in payload as a run's record: its top-level fields (conditions and `{{field}}` read them), objects and
 * arrays kept as JSON text, at most 100 fields.
 */
export function webhookRecord(payload: unknown): WorkflowRecord {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { value: JSON.stringify(payload) };
  const entries = Object.entries(payload as Record<string, unknown>).slice(0, 100);
  return Object.fromEntries(entries.map(([key, value]) => [key, value !== null && typeof value === 'object' ? JSON.stringify(value) : value]));
}

/** What a run acts on: a record, or for a weekly schedule the workflow itself (no record). */
export type WorkflowRunKind = WorkflowRecordKind | 'schedule' | 'reservation' | 'message' | 'workflow' | 'webhook';

/** The record kind a trigger's runs act on. */
export function triggerRecordKind(trigger: WorkflowTrigger): WorkflowRunKind {
  switch (trigger.type) {
    case 'record.created':
    case 'record.updated':
      return trigger.recordKind ?? 'deal';
    case 'schedule.completed':
      return 'schedule';
    case 'reservation.created':
    case 'reservation.cancelled':
      return 'reservation';
    case 'message.received':
      return 'message';
    case 'contact.idle':
      return 'contact';
    case 'date.reached':
      return trigger.dateField === 'contact.birthday' ? 'contact' : 'deal';
    case 'time.weekly':
      return 'workflow';
    case 'webhook.received':
      return 'webhook';
    default:
      return 'deal';
  }
}

/** Ready-made workflows (issue 35 "templates"): the builder opens one as a new, switched-off workflow. */
export const workflowTemplates = {
  followUpAfterWin: {
    name: 'Follow up after a win',
    description: '',
    enabled: false,
    trigger: { type: 'deal.won' },
    conditions: { groups: [] },
    steps: [{ type: 'createTask', title: 'Follow up: {{name}}', assigneeUserId: null, dueInDays: 7 }],
  },
  stalledDealCall: {
    name: 'Call about a stalled deal',
    description: '',
    enabled: false,
    trigger: { type: 'deal.stalled', days: 7 },
    conditions: { groups: [] },
    steps: [
      { type: 'createTask', title: 'Call: {{name}}', assigneeUserId: null, dueInDays: 0 },
      { type: 'notify', userIds: [], notifyOwner: true, message: '{{name}} has stalled' },
    ],
  },
  welcomeLineFriend: {
    name: 'Welcome a new LINE friend',
    description: '',
    enabled: false,
    trigger: { type: 'message.received' },
    conditions: { groups: [[{ field: 'kind', op: 'eq', value: 'follow' }]] },
    steps: [{ type: 'notify', userIds: [], notifyOwner: true, message: 'New LINE friend: {{name}}' }],
  },
  reminderBeforeClose: {
    name: 'Reminder before expected close',
    description: '',
    enabled: false,
    trigger: { type: 'date.reached', dateField: 'deal.estimatedEndDate', daysBefore: 7 },
    conditions: { groups: [] },
    steps: [{ type: 'createTask', title: 'Closes in a week: {{name}}', assigneeUserId: null, dueInDays: 0 }],
  },
  reEngageAfter90Days: {
    name: 'Re-engage after 90 days without contact',
    description: '',
    enabled: false,
    trigger: { type: 'contact.idle', days: 90 },
    conditions: { groups: [] },
    steps: [{ type: 'createTask', title: 'Get back in touch: {{name}}', assigneeUserId: null, dueInDays: 0 }],
  },
  roundRobinBookings: {
    name: 'Round-robin new leads from the booking page',
    description: '',
    enabled: false,
    trigger: { type: 'reservation.created' },
    conditions: { groups: [[{ field: 'source', op: 'eq', value: 'public' }]] },
    // The builder fills in the members to share the leads among.
    steps: [{ type: 'assignOwner', mode: 'roundRobin', userIds: [] }],
  },
} satisfies Record<string, WorkflowInput>;
export type WorkflowTemplateKey = keyof typeof workflowTemplates;

/**
 * A weekly schedule's latest slot at or before `asOf`, in the workspace's time zone: its local day (the run's key) and
 * how many minutes ago it was. The time scan starts a run when the slot is less than a day old.
 */
export function latestWeeklySlot(weekday: number, time: string, asOf: Date, timeZone: string): { day: string; minutesAgo: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(asOf)
      .map((p) => [p.type, p.value]),
  );
  const localWeekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  const nowMinutes = Number(parts.hour) * 60 + Number(parts.minute);
  const [hour, minute] = time.split(':').map(Number);
  const slotMinutes = (hour ?? 0) * 60 + (minute ?? 0);
  let daysBack = (localWeekday - weekday + 7) % 7;
  if (daysBack === 0 && nowMinutes < slotMinutes) daysBack = 7;
  const localDay = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) - daysBack * 86_400_000;
  const day = new Date(localDay).toISOString().slice(0, 10);
  // Real minutes since the slot's instant: across a DST change a local day is 23 or 25 hours long.
  return { day, minutesAgo: Math.round((asOf.getTime() - zonedInstant(day, time, timeZone).getTime()) / 60_000) };
}
