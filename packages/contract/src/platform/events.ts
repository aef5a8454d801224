import { z } from 'zod';
import type { ApiScope, ApiScopeArea } from './api-scopes.ts';

/**
 * The event catalogue (docs/events.md): every domain event the outbox keeps and webhooks deliver. Written by the
 * server's database triggers in the transaction of the change, whatever path made it (UI, API, import, undo, sync,
 * LINE, booking page, automation, trash); `*.updated` names the changed fields.
 */
export const eventCatalogue = {
  'contact.created': 'A contact was created (form, import, business card, booking page, LINE link).',
  'contact.updated': 'A contact changed; data.changed lists the fields, data.previous their former values.',
  'contact.deleted': 'A contact was moved to the trash (or removed by an import undo).',
  'contact.restored': 'A contact came back from the trash.',
  'contact.purged': 'A contact left the trash for good (emptied or after 30 days).',
  'contact.merged': 'Contacts were merged into this one (record.mergedIds: the merged-away contacts; record.mergeId: undo it within 30 days).',
  'contact.unmerged': 'A merge was undone: this contact and the ones in record.restoredIds are as they were before it.',
  'company.created': 'A company was created.',
  'company.updated': 'A company changed; data.changed lists the fields.',
  'company.deleted': 'A company was moved to the trash (or removed by an import undo).',
  'company.restored': 'A company came back from the trash.',
  'company.purged': 'A company left the trash for good.',
  'company.merged': 'Companies were merged into this one (record.mergedIds, record.mergeId).',
  'company.unmerged': 'A company merge was undone (record.restoredIds).',
  'deal.created': 'A deal was created.',
  'deal.updated': 'A deal changed; data.changed lists the fields.',
  'deal.stage_changed': 'A deal moved to another stage (data.previous.stage is where it was).',
  'deal.won': 'A deal moved to the won stage.',
  'deal.lost': 'A deal moved to the lost stage.',
  'deal.deleted': 'A deal was deleted.',
  'deal.restored': 'A deleted deal was restored.',
  'deal.purged': 'A deleted deal was removed for good.',
  'schedule.created': 'A schedule was created (calendar, automation, calendar sync, booking).',
  'schedule.updated': 'A schedule changed; data.changed lists the fields.',
  'schedule.completed': 'A schedule was marked done.',
  'schedule.deleted': 'A schedule was deleted.',
  'note.created': 'A note was added to a contact, company or deal.',
  'note.updated': 'A note was edited.',
  'note.deleted': 'A note was deleted.',
  'reservation.created': 'A reservation was made (booking page or staff).',
  'reservation.updated': 'A reservation changed; data.changed lists the fields.',
  'reservation.cancelled': 'A reservation was cancelled.',
  'reservation.completed': 'A reservation was marked completed.',
  'reservation.deleted': 'A reservation was deleted.',
  'message.received': 'A LINE message (or follow/unfollow) reached the official account.',
  'conversation.assigned': 'A LINE conversation got an owner (data.record.via: keyword, roundRobin, manual or takeOver; ownerUserId null: unassigned).',
  'email.synced': "A message to or from a contact was stored from a member's connected mailbox (subject and participants; never the body).",
  'email.sent': "A member sent a message from Lodestar through their own mailbox.",
  'email.linked': 'A stored e-mail now shows on a deal (a member linked it, or the one-open-deal rule did).',
  'email.unlinked': 'A member took a stored e-mail off a deal.',
  'import.finished': 'An import ended (data.record.state is done or failed, with its counts).',
  'import.undone': 'An import was undone.',
  'subscription.created': "The workspace's plan subscription was created.",
  'subscription.updated': "The workspace's plan subscription changed (plan, seats, status, renewal).",
  'quote.created': 'A quote was made from a deal, or a new version of a sent quote (data.record.version).',
  'quote.updated': 'A draft quote changed, or a quote was marked superseded by its next version.',
  'quote.sent': 'A quote was sent (e-mailed, or marked sent for its link to be shared).',
  'quote.accepted': 'The customer accepted a quote on its public page.',
  'quote.declined': 'The customer declined a quote on its public page (data.record.declineReason).',
} as const;

export type EventType = keyof typeof eventCatalogue;
export const eventTypes = Object.keys(eventCatalogue) as EventType[];
export const eventTypeSchema = z.enum(eventTypes as [EventType, ...EventType[]]);

/** What an event is about: `record.kind` is the part of the type before the dot. */
export const eventRecordKinds = ['contact', 'company', 'deal', 'schedule', 'note', 'reservation', 'message', 'conversation', 'email', 'import', 'subscription', 'quote'] as const;

/**
 * One event as consumers see it (the body of a webhook delivery; Standard Webhooks' `type`/`timestamp`/`data`).
 * `data.record` is the record after the change (before it, for a deletion), with the API's field names.
 */
export const eventSchema = z.object({
  id: z.string().meta({ description: 'The event id; the webhook-id header of every delivery of it (de-duplicate by it).' }),
  type: eventTypeSchema,
  timestamp: z.string().meta({ description: 'When the change committed its transaction (ISO 8601).' }),
  workspaceId: z.string(),
  actor: z.object({
    kind: z.enum(['user', 'apiKey', 'system', 'public']).meta({
      description: 'user: a signed-in member; apiKey: a call with an API key or personal access token (id: the key\'s id); system: a job (import, sync, renewal); public: an anonymous call (the booking page).',
    }),
    id: z.string().nullable(),
  }),
  data: z.object({
    kind: z.enum(eventRecordKinds),
    id: z.string(),
    record: z.record(z.string(), z.unknown()),
    changed: z.array(z.string()).optional(),
    previous: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type DomainEvent = z.infer<typeof eventSchema>;

/**
 * The scope an API key needs to receive or read events of a type (REST hooks, docs/decisions/0019-api-keys.md): the read
 * scope of the record's area. Types outside the key areas (reservations, LINE, mail, imports, subscriptions) are for
 * Settings → Webhooks only: undefined.
 */
const eventAreas: Partial<Record<(typeof eventRecordKinds)[number], ApiScopeArea>> = {
  contact: 'contacts',
  company: 'companies',
  deal: 'deals',
  schedule: 'schedules',
  note: 'notes',
};

export function eventReadScope(type: EventType): ApiScope | undefined {
  const area = eventAreas[type.split('.')[0] as (typeof eventRecordKinds)[number]];
  return area ? `${area}:read` : undefined;
}
