import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/paging.ts';
import { call, type Json } from '../test/factories.ts';
import { createContact } from '../test/records.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../test/workspaces.ts';
import path from 'node:path';
import { createLodestarMcpServer, workspaceOfKey } from './mcp-server.ts';
import { fetchCaller } from './stdio.ts';

let w: TwoWorkspaces;
let baseUrl: string;
let writer: { id: string; secret: string };
let reader: { id: string; secret: string };
let contactId: string;

async function newKey(scopes: string[]) {
  const created = await call(w.t.app, 'POST', `/api/settings/api-keys?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { name: 'assistant', scopes } });
  return created.body.data as { id: string; secret: string };
}

beforeAll(async () => {
  w = await twoWorkspaces();
  baseUrl = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  writer = await newKey(['contacts:read', 'companies:read', 'deals:write', 'notes:write', 'schedules:write', 'reports:read']);
  reader = await newKey(['contacts:read', 'deals:read']);
  contactId = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: '小明', lastName: '王' });
});
afterAll(async () => {
  await w?.t.close();
});

async function httpClient(secret: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  return client;
}

const dataOf = (result: unknown): Json => {
  const r = result as CallToolResult;
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return JSON.parse((r.content[0] as { text: string }).text);
};

describe('the MCP server over streamable HTTP (/api/mcp)', () => {
  it('lists its tools and works with the workspace through the key: search, read, create a deal, move its stage, add a note and a schedule, read a report', async () => {
    const client = await httpClient(writer.secret);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['search_records', 'get_contact', 'get_company', 'get_deal', 'list_sales_stages', 'create_deal', 'move_deal_stage', 'create_note', 'create_schedule', 'sales_report']));

    const found = dataOf(await client.callTool({ name: 'search_records', arguments: { keyword: '王小明' } }));
    expect(found.items.map((i: Json) => i.id)).toContain(contactId);
    expect(dataOf(await client.callTool({ name: 'get_contact', arguments: { id: contactId } }))).toMatchObject({ id: contactId, firstName: '小明' });

    const [pipeline] = dataOf(await client.callTool({ name: 'list_sales_stages', arguments: {} })).items;
    const stages = pipeline.stages.map((s: Json) => s.id);
    const deal = dataOf(await client.callTool({ name: 'create_deal', arguments: { name: '2027 年度維護合約', amount: '120000', startDate: '2026-12-01', estimatedEndDate: '2027-01-31', contactId } }));
    const moved = dataOf(await client.callTool({ name: 'move_deal_stage', arguments: { dealId: deal.dealId, stage: stages[1] } }));
    expect(moved.stage).toBe(stages[1]);
    const note = dataOf(await client.callTool({ name: 'create_note', arguments: { entityType: 'contact', entityId: contactId, content: '客戶希望下週二再聯絡' } }));
    const schedule = dataOf(await client.callTool({ name: 'create_schedule', arguments: { title: '拜訪王經理', startDate: '2026-12-24', endDate: '2026-12-24', startTime: '14:00', endTime: '15:00', contactId } }));
    const report = dataOf(await client.callTool({ name: 'sales_report', arguments: { from: '2026-10-01', to: '2026-12-31' } }));
    expect(report).toBeTypeOf('object');

    // Every write is an API call with its events, authored by the key.
    const events = await queryRows<{ type: string; actor: string }>(w.t.db, sql`select type, actor from events where record_id in (${deal.dealId}, ${note.id}, ${schedule.id}) order by seq`);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['deal.created', 'deal.stage_changed', 'note.created', 'schedule.created']));
    expect(new Set(events.map((e) => e.actor))).toEqual(new Set([`apiKey:${writer.id}`]));
    await client.close();
  });

  it('cannot create without the write scope, and refuses a call without a key', async () => {
    const client = await httpClient(reader.secret);
    const refused = (await client.callTool({ name: 'create_deal', arguments: { name: 'x', amount: '1', startDate: '2026-12-01', estimatedEndDate: '2026-12-31' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect((refused.content[0] as { text: string }).text).toMatch(/^API_KEY_SCOPE:/);
    expect(dataOf(await client.callTool({ name: 'get_contact', arguments: { id: contactId } })).id).toBe(contactId);
    await client.close();
    const anonymous = await fetch(`${baseUrl}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    const session = await fetch(`${baseUrl}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${w.owner.token}` }, body: '{}' });
    expect(session.status).toBe(401);
  });
});

describe('the stdio server\'s tools (over HTTP to the API, here through an in-memory transport)', () => {
  it('call the API with the key', async () => {
    const server = createLodestarMcpServer(fetchCaller(baseUrl, reader.secret, 'en-US'), w.owner.orgId);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    const contacts = dataOf(await client.callTool({ name: 'list_contacts', arguments: { limit: 5 } }));
    expect(contacts.items.map((c: Json) => c.id)).toContain(contactId);
    const refused = (await client.callTool({ name: 'create_note', arguments: { entityType: 'contact', entityId: contactId, content: 'x' } })) as CallToolResult;
    expect((refused.content[0] as { text: string }).text).toMatch(/^API_KEY_SCOPE: This API key/);
    await client.close();
  });
});

describe('the stdio server without LODESTAR_WORKSPACE_ID', () => {
  it('finds the key\'s workspace through api-keys/current (the bin, spawned as an assistant runs it)', async () => {
    expect(await workspaceOfKey(fetchCaller(baseUrl, reader.secret))).toBe(w.owner.orgId);
    const client = new Client({ name: 'test', version: '1.0.0' });
    const env = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('LODESTAR_'))) as Record<string, string>;
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(import.meta.dirname, '../../bin/lodestar-mcp.mjs')],
        env: { ...env, LODESTAR_URL: baseUrl, LODESTAR_API_KEY: reader.secret, LODESTAR_LANGUAGE: 'en-US' },
        stderr: 'pipe',
      }),
    );
    try {
      const contacts = dataOf(await client.callTool({ name: 'list_contacts', arguments: { limit: 5 } }));
      expect(contacts.items.map((c: Json) => c.id)).toContain(contactId);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('names the workspaces when a personal token works in several', async () => {
    const token = await call(w.t.app, 'POST', '/api/user/tokens', { token: w.owner.token, body: { name: 'mine', scopes: ['contacts:read'] } });
    const caller = fetchCaller(baseUrl, token.body.data.secret);
    expect(await workspaceOfKey(caller)).toBe(w.owner.orgId);
    const second = await call(w.t.app, 'POST', '/api/organizations/create', { token: w.owner.token, body: { orgName: 'Second' } });
    expect(second.status).toBe(200);
    await expect(workspaceOfKey(caller)).rejects.toThrow(/several workspaces; name one: .*Second/);
  });
});
