import type { EventType } from '../platform/events.ts';
import type { WorkflowCondition, WorkflowConditions, WorkflowInput, WorkflowRecordKind, WorkflowTrigger } from './workflows.ts';

/** Pure rules of workflows (docs/product.md#workflows): which events start one, whether a record matches. */

/** Active workflows per workspace, runs started per workspace per hour (then they pause), and how deep a chain of runs goes. */
export const workflowLimits = { maxActive: 200, runsPerHour: 1000, maxDepth: 3 } as const;

/** The record as an event carries it: the API's field names (docs/events.md). */
export type WorkflowRecord = Record<string, unknown>;

export interface TriggerEvent {
  type: EventType | 'deal.stalled';
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
      return [];
    default:
      return [trigger.type];
  }
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));

export function triggerMatches(trigger: WorkflowTrigger, event: TriggerEvent): boolean {
  if (trigger.type === 'deal.stalled') return event.type === 'deal.stalled' && (trigger.stage === undefined || text(event.record.stage) === String(trigger.stage));
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

/** `{{name}}` → the record's name. */
export function renderWorkflowText(template: string, recordName: string): string {
  return template.replace(/\{\{\s*name\s*\}\}/g, recordName).slice(0, 200);
}

/** The record kind a trigger's runs act on. */
export function triggerRecordKind(trigger: WorkflowTrigger): WorkflowRecordKind | 'schedule' {
  if (trigger.type === 'record.created' || trigger.type === 'record.updated') return trigger.recordKind ?? 'deal';
  return trigger.type === 'schedule.completed' ? 'schedule' : 'deal';
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
} satisfies Record<string, WorkflowInput>;
export type WorkflowTemplateKey = keyof typeof workflowTemplates;
