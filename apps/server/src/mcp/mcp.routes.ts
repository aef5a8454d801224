import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { createLodestarMcpServer, workspaceOfKey, type ApiCaller } from './mcp-server.ts';

/**
 * The MCP server over streamable HTTP on the app server: POST /api/mcp with `Authorization: Bearer lsk_…` (and
 * `?orgId=` for a personal access token of someone in several workspaces). Stateless: each POST gets a fresh server and transport and a JSON answer.
 * Every tool call is an in-process request of the API with the same key and client address (app.inject), so it meets
 * the same guards, scopes, rate limit and events as a call from outside.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const keysOnly = { config: { apiScope: 'any' as const }, schema: { hide: true } };
  app.post('/mcp', { ...keysOnly, onRequest: app.guards.user }, async (request, reply) => {
    const key = request.apiKey;
    if (!key) throw new AppError('UNAUTHENTICATED');
    const call = injectCaller(app, request.headers.authorization!, request.ip, request.headers['accept-language']);
    // A personal access token of someone in one workspace needs no ?orgId= (api-keys/current names it).
    const orgId = (request.query as { orgId?: string }).orgId ?? key.orgId ?? (await workspaceOfKey(call).catch(() => undefined));
    if (!orgId) throw new AppError('ORG_NOT_FOUND');
    const server = createLodestarMcpServer(call, orgId);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no server-sent stream to open and no session to end.
  const notAllowed = async (_request: unknown, reply: { code(n: number): { send(body: unknown): unknown } }) =>
    reply.code(405).send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null });
  app.get('/mcp', { ...keysOnly, onRequest: app.guards.user }, notAllowed);
  app.delete('/mcp', { ...keysOnly, onRequest: app.guards.user }, notAllowed);
};

function injectCaller(app: FastifyInstance, authorization: string, ip: string, language: string | undefined): ApiCaller {
  return async (method, path, body) => {
    const answer = await app.inject({
      method,
      url: `/api${path}`,
      remoteAddress: ip,
      headers: { authorization, ...(language ? { 'accept-language': language } : {}) },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: ApiAnswer['body'] = null;
    try {
      parsed = answer.json();
    } catch {
      // Not JSON (never for the tools' endpoints): reported by status.
    }
    return { status: answer.statusCode, body: parsed };
  };
}

type ApiAnswer = Awaited<ReturnType<ApiCaller>>;
