import {
  companiesEndpoints,
  contactsEndpoints,
  currentKeyEndpoints,
  dealsEndpoints,
  dealStatuses,
  fillPath,
  notesEndpoints,
  recordEntityTypes,
  salesStagesEndpoints,
  schedulesEndpoints,
  searchEndpoints,
  statisticsEndpoints,
  type CurrentKey,
  type Endpoint,
} from '@lodestar/contract';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * The Lodestar MCP server (issue 33, docs/decisions/0019-api-keys.md): tools an assistant uses to work with one
 * workspace. Every tool is one call of the public API with the caller's API key — the same guards, scopes, privilege
 * checks, rate limit and events as any other call — so this file holds no rule of its own. `ApiCaller` is HTTP for the
 * stdio server (stdio.ts) and an in-process request for /api/mcp on the app server (mcp.routes.ts).
 */
export interface ApiAnswer {
  status: number;
  body: { result?: string; data?: unknown; errorMessage?: string | null; errorCode?: string | null } | null;
}
/** method, the path under /api with its query string, and a JSON body. */
export type ApiCaller = (method: Endpoint['method'], path: string, body?: unknown) => Promise<ApiAnswer>;

export const mcpServerInfo = { name: 'lodestar', version: '0.1.0' };

function pathOf(endpoint: Endpoint, orgId: string, params?: Record<string, unknown>, query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams({ orgId });
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  return `${fillPath(endpoint.path, params)}?${search}`;
}

function answerOf(answer: ApiAnswer): CallToolResult {
  if (answer.status < 400 && answer.body?.result === 'success') {
    return { content: [{ type: 'text', text: JSON.stringify(answer.body.data, null, 2) }] };
  }
  const code = answer.body?.errorCode ?? `HTTP ${answer.status}`;
  return { isError: true, content: [{ type: 'text', text: `${code}: ${answer.body?.errorMessage ?? 'the call failed'}` }] };
}

/**
 * The workspace a key works in, asked of the API (GET /api/api-keys/current): a workspace key's own, or a personal
 * access token's only workspace. With several, the caller must name one (LODESTAR_WORKSPACE_ID or `?orgId=`).
 */
export async function workspaceOfKey(call: ApiCaller): Promise<string> {
  const answer = await call(currentKeyEndpoints.current.method, currentKeyEndpoints.current.path);
  if (answer.status >= 400 || answer.body?.result !== 'success') {
    throw new Error(`${answer.body?.errorCode ?? `HTTP ${answer.status}`}: ${answer.body?.errorMessage ?? 'the key was refused'}`);
  }
  const key = answer.body.data as CurrentKey;
  const only = key.workspace ?? (key.workspaces.length === 1 ? key.workspaces[0] : undefined);
  if (only) return only.id;
  const choices = key.workspaces.map((w) => `${w.id} (${w.name})`).join(', ');
  throw new Error(key.workspaces.length === 0 ? 'the key works in no workspace' : `the token works in several workspaces; name one: ${choices}`);
}

const id = (what: string) => z.uuid().describe(`The ${what}'s id (a UUID from search_records or a list).`);
const date = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe(`${what}, YYYY-MM-DD (e.g. 2026-12-24).`);
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const write = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

/** One MCP server for one workspace; `call` carries the key. */
export function createLodestarMcpServer(call: ApiCaller, orgId: string): McpServer {
  const server = new McpServer(mcpServerInfo, {
    instructions:
      'Lodestar is a sales CRM. Search first (search_records), then read or act on the records by id. Users often write in Traditional Chinese (zh-TW): pass their words as they are.',
  });
  const run = async (endpoint: Endpoint, input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } = {}) =>
    answerOf(await call(endpoint.method, pathOf(endpoint, orgId, input.params, input.query), input.body));

  server.registerTool('search_records', {
    title: 'Search contacts, companies and deals',
    description: 'Finds contacts, companies and deals by name, phone, email or tax id. Example: keyword "王小明" or "台積電". Needs a read scope of contacts, companies or deals; only what the key may see is found.',
    inputSchema: { keyword: z.string().min(1).max(100).describe('Words to look for, e.g. "陳經理" or "0912-345-678".'), limit: z.number().int().min(1).max(50).optional().describe('Results per type (default 10).') },
    annotations: readOnly,
  }, ({ keyword, limit }) => run(searchEndpoints.search, { query: { keyword, limit } }));

  server.registerTool('list_contacts', {
    title: 'List contacts',
    description: 'The contacts the key may see, most recently updated first, a page at a time (pass nextCursor for the next page). Needs contacts:read.',
    inputSchema: { limit: z.number().int().min(1).max(100).optional(), cursor: z.string().max(500).optional() },
    annotations: readOnly,
  }, ({ limit, cursor }) => run(contactsEndpoints.list, { query: { limit: limit ?? 20, cursor } }));

  server.registerTool('get_contact', {
    title: 'Read a contact',
    description: 'One contact with phones, emails, addresses, company and owner (e.g. 王小明, 經理 at 台灣好物股份有限公司). Needs contacts:read.',
    inputSchema: { id: id('contact') },
    annotations: readOnly,
  }, ({ id }) => run(contactsEndpoints.get, { params: { id } }));

  server.registerTool('list_companies', {
    title: 'List companies',
    description: 'The companies the key may see, most recently updated first (pass nextCursor for the next page). Needs companies:read.',
    inputSchema: { limit: z.number().int().min(1).max(100).optional(), cursor: z.string().max(500).optional() },
    annotations: readOnly,
  }, ({ limit, cursor }) => run(companiesEndpoints.list, { query: { limit: limit ?? 20, cursor } }));

  server.registerTool('get_company', {
    title: 'Read a company',
    description: 'One company (e.g. 台灣好物股份有限公司, tax id 12345678) with its contact details. Needs companies:read.',
    inputSchema: { id: id('company') },
    annotations: readOnly,
  }, ({ id }) => run(companiesEndpoints.get, { params: { id } }));

  server.registerTool('list_deals', {
    title: 'List deals',
    description: 'Deals the key may see, newest first; keywords narrows by name (e.g. "年度合約"), status to developing (open), closed (won) or failed (lost). Needs deals:read.',
    inputSchema: {
      keywords: z.string().max(100).optional(),
      status: z.enum(dealStatuses).optional(),
      limit: z.number().int().min(1).max(100).optional(),
      cursor: z.string().max(500).optional(),
    },
    annotations: readOnly,
  }, ({ keywords, status, limit, cursor }) => run(dealsEndpoints.list, { query: { keywords, status, limit: limit ?? 20, cursor } }));

  server.registerTool('get_deal', {
    title: 'Read a deal',
    description: 'One deal: amount, stage, expected close date, contact and company (e.g. 「2027 年度維護合約」, NT$120,000). Needs deals:read.',
    inputSchema: { id: id('deal') },
    annotations: readOnly,
  }, ({ id }) => run(dealsEndpoints.get, { params: { id } }));

  server.registerTool('list_sales_stages', {
    title: 'List pipelines and their stages',
    description: 'Every pipeline (stage type) with its stages and their ids (e.g. 初次接觸 → 報價 → 議價); stage 1000 is won and -9999 lost. Use before create_deal or move_deal_stage. Needs deals:read.',
    annotations: readOnly,
  }, () => run(salesStagesEndpoints.list));

  server.registerTool('create_deal', {
    title: 'Create a deal',
    description: 'A new deal owned by the key\'s maker, e.g. name "2027 年度維護合約", amount "120000", from today to the expected close date. Without a stage it starts in the pipeline\'s first stage. Needs deals:write.',
    inputSchema: {
      name: z.string().min(1).max(200).describe('e.g. "2027 年度維護合約".'),
      amount: z.string().describe('A decimal amount in the workspace currency, e.g. "120000" or "4500.50".'),
      startDate: date('The start'),
      estimatedEndDate: date('The expected close'),
      contactId: id('contact').optional(),
      companyId: id('company').optional(),
      stageTypeId: z.uuid().optional().describe('The pipeline (list_sales_stages); the default pipeline otherwise.'),
      stage: z.number().int().optional().describe('A stage id of that pipeline (list_sales_stages).'),
    },
    annotations: write,
  }, ({ contactId, companyId, ...rest }) => run(dealsEndpoints.create, { body: { ...rest, clientId: contactId, companyId } }));

  server.registerTool('move_deal_stage', {
    title: 'Move a deal to another stage',
    description: 'Moves a deal to a stage of its pipeline (list_sales_stages), e.g. from 報價 to 議價; 1000 marks it won, -9999 lost. Needs deals:write.',
    inputSchema: { dealId: id('deal'), stage: z.number().int().describe('The stage id.'), completedDate: date('For won or lost: the day it closed').optional() },
    annotations: write,
  }, ({ dealId, stage, completedDate }) => run(dealsEndpoints.moveToStage, { params: { id: dealId }, body: { stage, completedDate } }));

  server.registerTool('create_note', {
    title: 'Add a note to a record',
    description: 'Adds a note to a contact, company, deal or schedule, e.g. "客戶希望下週二下午三點再聯絡，需要報價單。". Needs notes:write.',
    inputSchema: {
      entityType: z.enum(recordEntityTypes).describe('contact, company, deal or schedule.'),
      entityId: z.uuid().describe('The record\'s id.'),
      content: z.string().min(1).max(10_000),
    },
    annotations: write,
  }, (input) => run(notesEndpoints.create, { body: input }));

  server.registerTool('create_schedule', {
    title: 'Create a schedule',
    description: 'A calendar entry, e.g. title "拜訪王經理", 2026-12-24 14:00–15:00 Asia/Taipei, linked to a contact, company or deal. Needs schedules:write.',
    inputSchema: {
      title: z.string().min(1).max(200),
      startDate: date('The first day'),
      endDate: date('The last day'),
      startTime: z.string().regex(/^\d{2}:\d{2}$/).optional().describe('HH:MM, e.g. 14:00; leave out for an all-day entry.'),
      endTime: z.string().regex(/^\d{2}:\d{2}$/).optional().describe('HH:MM, e.g. 15:00.'),
      timezone: z.string().max(64).optional().describe('IANA time zone (default Asia/Taipei).'),
      contactId: id('contact').optional(),
      companyId: id('company').optional(),
      dealId: id('deal').optional(),
      note: z.string().max(10_000).optional(),
    },
    annotations: write,
  }, ({ title, startDate, endDate, startTime, endTime, timezone, contactId, companyId, dealId, note }) =>
    run(schedulesEndpoints.create, {
      body: {
        title,
        startDate,
        endDate,
        fullDay: !startTime,
        ...(startTime ? { startDateTime: startTime, endDateTime: endTime ?? startTime } : {}),
        ...(timezone ? { timezone } : {}),
        ...(contactId ? { client: { id: contactId } } : {}),
        ...(companyId ? { company: { id: companyId } } : {}),
        ...(dealId ? { deal: dealId } : {}),
        ...(note ? { taskNote: note } : {}),
      },
    }));

  server.registerTool('sales_report', {
    title: 'Read the sales report',
    description: 'Won, target, pipeline, expected and stalled figures and the funnel for a period, e.g. 2026-10-01 to 2026-12-31 (this quarter). Needs reports:read.',
    inputSchema: { from: date('The first day'), to: date('The last day'), timeZone: z.string().max(64).optional().describe('IANA time zone (default UTC), e.g. Asia/Taipei.') },
    annotations: readOnly,
  }, ({ from, to, timeZone }) => run(statisticsEndpoints.dashboard, { query: { from, to, timeZone } }));

  return server;
}
