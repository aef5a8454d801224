import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/paging.ts';
import { fuzzApi } from '../test/fuzz/fuzz.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../test/workspaces.ts';

/**
 * Every committed change leaves its event (docs/decisions/0018-events-outbox-and-webhooks.md). The API fuzzer walks the
 * write operations (POST, PUT, PATCH, DELETE) of the served OpenAPI document against a seeded world; around each
 * call the domain records are fingerprinted as the events see them (bookkeeping columns left out). A 2xx write that
 * changed records without adding an event fails, whatever the operation — the allow-list exempts nothing from that.
 * A write operation that succeeded but changed no record and left no event must be on the allow-list below (writes
 * that are not domain changes), or have left events on another call of the run (a domain write that was a no-op this
 * time, e.g. emptying an empty trash, is listed in `domainNoOps`).
 */
const notDomainChanges = new Set<string>([
  // Field and privilege settings: what forms show and who may do what.
  'POST /api/companyFieldSetting', 'POST /api/customerFieldSetting', 'POST /api/field/{entity}', 'PUT /api/field/{entity}/{id}', 'POST /api/field/{entity}/sort', 'POST /api/privilege/user/setting',
  // LINE segment messages: the counts before sending (a POST that writes nothing), a send (outgoing messages, like a reply)
  // and the stop keywords (channel configuration).
  'POST /api/social/line/segments/preview', 'POST /api/social/line/segments', 'PUT /api/social/line/stop-keywords',
  // LINE routing (who receives new conversations: configuration) and marking one's own notifications read.
  'PUT /api/social/line/routing', 'POST /api/notifications/read',
  // Sign-up, sign-in, sessions, passwords, the account and its preferences.
  ...['/api/register', '/api/login', '/api/logout', '/api/password/forgot', '/api/password/reset', '/api/password/change', '/api/profile'].map((p) => `POST ${p}`),
  // The activity report's settings (which items count, the daily target).
  'POST /api/report/setting',
  // The calendar's choice of whose schedules a user sees (a preference, like the viewers under /api/schedule-viewer).
  'POST /api/schedule/saveUserSchedulePickUser',
  // A backup archive is a copy, not a change (a restore's new workspace leaves its records' events); so is one
  // contact's archive for a personal-data request.
  'POST /api/backup', 'POST /api/customer/{id}/personal-data',
  // Workspace settings: stages, products, lost reasons, tags, custom fields, columns, roles, departments, privileges,
  // members, activity items, automation, businesses and booking services, business cards, calendar connections, LINE
  // channel steps, webhooks themselves: configuration, not records (their effects on records — a deleted tag leaving
  // contacts — are record changes and leave events).
]);

/** Domain writes whose calls in the seeded run may all be no-ops (they leave events when they change records). */
// A history restore of a value the record already has again changes nothing (the edit leaves no event then).
const domainNoOps = new Set<string>(['POST /api/trash/empty', 'POST /api/history/{kind}/{id}/restore']);

/** Operation path prefixes that are configuration or sessions (matched as `METHOD /api/<prefix>`). */
const configurationPrefixes = [
  '/api/settings/', '/api/setting/', '/api/tag', '/api/customField', '/api/custom-field', '/api/columnSetting', '/api/column-setting', '/api/dealFieldSetting',
  '/api/dealTarget', '/api/departmentTarget', '/api/booking/', '/api/card', '/api/carddav', '/api/calendar-sync', '/api/calendar-feed', '/api/mailboxes', '/api/line/', '/api/channel/', '/api/business', '/api/social/line/saved-replies',
  '/api/organization', '/api/user', '/api/first-run-guide', '/api/guide', '/api/billing/', '/api/operator/', '/api/files', '/api/upload',
  '/api/import', '/api/export', '/api/activity-item', '/api/automation', '/api/reminder', '/api/viewer', '/api/schedule-viewer',
  // REST hooks are webhooks made by a key (configuration, like Settings → Webhooks).
  '/api/hooks',
  // Saved contact filters: a list's saved view (what a LINE segment may be sent to), not a record.
  '/api/saved-filters/',
];

function allowed(key: string): boolean {
  if (notDomainChanges.has(key)) return true;
  const path = key.slice(key.indexOf(' ') + 1);
  return configurationPrefixes.some((prefix) => path.startsWith(prefix));
}

/** The records as the outbox sees them: a write that changes this must add an event. */
const fingerprintSql = sql`select md5(concat_ws('|',
  (select string_agg((to_jsonb(t) - '{updated_at,search_text,search_bigrams,sort_name,last_contact_sort,stage_changed_at}'::text[])::text, ',' order by id) from contacts t),
  (select string_agg((to_jsonb(t) - '{updated_at,search_text,search_bigrams,sort_name}'::text[])::text, ',' order by id) from companies t),
  (select string_agg((to_jsonb(t) - '{updated_at,search_text,search_bigrams,stage_changed_at}'::text[])::text, ',' order by id) from deals t),
  (select string_agg((to_jsonb(t) - '{updated_at,search_text,search_bigrams}'::text[])::text, ',' order by id) from schedules t),
  (select string_agg((to_jsonb(t) - '{updated_at}'::text[])::text, ',' order by id) from notes t),
  (select string_agg((to_jsonb(t) - '{updated_at}'::text[])::text, ',' order by id) from reservations t),
  (select string_agg(id::text, ',' order by id) from line_messages where direction = 'in'),
  (select string_agg(id::text, ',' order by id) from emails),
  (select string_agg(id::text || state, ',' order by id) from imports where state in ('done', 'failed', 'undone')),
  (select string_agg((to_jsonb(t) - '{updated_at}'::text[])::text, ',' order by id) from billing_subscriptions t)
)) as print, (select count(*)::int from events) as events`;

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const runs = Number(process.env.EVENTS_COVERAGE_RUNS ?? 1500);

describe('the events outbox covers every write', () => {
  let w: TwoWorkspaces;
  beforeAll(async () => {
    w = await twoWorkspaces();
  }, 300_000);
  afterAll(() => w?.t.close());

  it(`leaves an event for every committed change (fuzzed, ${runs} requests)`, { timeout: 120_000 + runs * 300 }, async () => {
    const silentChanges: string[] = [];
    const withEvents = new Set<string>();
    const succeeded = new Set<string>();
    const snapshot = async () => (await queryRows<{ print: string; events: number }>(w.t.db, fingerprintSql))[0]!;
    await fuzzApi(w, {
      seed: 20_261_205,
      runs,
      observe: {
        before: async (operation) => (writes.has(operation.method) ? snapshot() : undefined),
        after: async (operation, status, before) => {
          if (!before || status >= 300) return;
          // Writes of other requests' background work (mail, LINE fetches) finish first.
          await w.t.app.background.idle();
          const key = `${operation.method} ${operation.path}`;
          const was = before as { print: string; events: number };
          const now = await snapshot();
          succeeded.add(key);
          if (now.events > was.events) withEvents.add(key);
          else if (now.print !== was.print) silentChanges.push(key);
        },
      },
    });
    expect(silentChanges, 'changed records without an event').toEqual([]);
    const unexplained = [...succeeded].filter((key) => !withEvents.has(key) && !allowed(key) && !domainNoOps.has(key)).sort();
    expect(unexplained, 'write operations that succeeded without an event and are not on the allow-list').toEqual([]);
  });
});
