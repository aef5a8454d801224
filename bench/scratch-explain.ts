import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as contactsRepository from '../apps/server/src/modules/records/contacts/contacts.repository.ts';
import * as tagsService from '../apps/server/src/modules/records/tags/tags.service.ts';
const orgId = process.env.BENCH_ORG!;
const database = await openDatabase({ dataDir: '/tmp/scale/none', databaseUrl: process.env.DATABASE_URL, preparedStatements: false });
const { db } = database;
const [vip] = (await tagsService.tagRefs(db, orgId, 'customer')).keys();
const client = (db as any).session.client;
const orig = client.query.bind(client);
const seen: any[] = [];
client.query = (q: any, p?: any, ...rest: any[]) => { seen.push({ text: typeof q === 'string' ? q : q.text, values: Array.isArray(p) ? p : q.values }); return orig(q, p, ...rest); };
await contactsRepository.listContacts(db, orgId, { visibility: sql`true`, filters: { tags: [vip!], noContactDays: 90 }, sortBy: 'name', descending: false, cursor: undefined, limit: 50, withTotal: true });
client.query = orig;
for (const s of seen) {
  if (/^explain/.test(s.text)) { console.log('skip', s.text.slice(0, 300)); continue; }
  console.log('---', JSON.stringify(s.values));
  const r = await orig({ text: 'explain (analyze, buffers) ' + s.text, values: s.values });
  console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await database.close();
