import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { connectLine } from '../../../test/line.ts';
import { queryRows } from '../../../db/paging.ts';

/** Issue 32: read receipts — a friend's messages marked read at LINE (markAsRead) once a member opened them, once. */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
const friend = 'U6a000000000000000000000000000001';
const url = (p: string, orgId: string) => `/api${p}?orgId=${orgId}`;

async function phone(text: string) {
  await line.userSends(channel.channelId, { userId: friend, displayName: '陳怡君', kind: 'text', text });
  await t.app.background.idle();
}
async function open(user: { token: string; orgId: string }, id: string) {
  const answer = await call(t.app, 'GET', url(`/social/line/conversations/${id}`, user.orgId), { token: user.token });
  await t.app.background.idle();
  return answer;
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  channel.chatMode = 'chat';
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-read-${port}`) });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  await connectLine(t.app, owner, channel);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('read receipts', () => {
  it('opening the conversation marks the newest message read at LINE once; a new message is marked on the next view', async () => {
    await phone('請問週六有空位嗎？');
    await phone('兩位');
    const { id } = (await queryRows<{ id: string }>(t.db, sql`select id from line_friends where line_user_id = ${friend}`))[0]!;
    // Another workspace cannot open it, and nothing is marked.
    expect((await open(other, id)).status).toBe(404);
    expect(line.readMarks).toHaveLength(0);

    expect((await open(owner, id)).status).toBe(200);
    expect(line.readMarks).toHaveLength(1);
    const newest = await queryRows<{ token: string }>(t.db, sql`select mark_as_read_token as token from line_messages where direction = 'in' order by created_at desc limit 1`);
    expect(line.readMarks[0]).toMatchObject({ userId: friend, token: newest[0]!.token });
    await Promise.all([open(owner, id), open(owner, id)]);
    expect(line.readMarks).toHaveLength(1);

    await phone('好的謝謝');
    await open(owner, id);
    expect(line.readMarks).toHaveLength(2);
  });

  it('LINE down: the message stays unmarked and the next view marks it; Chat off at LINE: never called', async () => {
    const { id } = (await queryRows<{ id: string }>(t.db, sql`select id from line_friends where line_user_id = ${friend}`))[0]!;
    await phone('還在嗎？');
    line.setOutage(503);
    await open(owner, id);
    line.setOutage(null);
    expect(line.readMarks).toHaveLength(2);
    await open(owner, id);
    expect(line.readMarks).toHaveLength(3);

    await t.db.execute(sql`update line_channels set chat_mode = 'bot'`);
    await phone('哈囉');
    await open(owner, id);
    expect(line.readMarks).toHaveLength(3);
  });
});
