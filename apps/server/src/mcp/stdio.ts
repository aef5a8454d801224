import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLodestarMcpServer, workspaceOfKey, type ApiCaller } from './mcp-server.ts';

/**
 * The MCP server over stdio, for an assistant on this computer (README "Call the API"):
 *   LODESTAR_URL=https://crm.example.com LODESTAR_API_KEY=lsk_… node apps/server/bin/lodestar-mcp.mjs
 * Each tool call is an HTTPS call of the API with the key. The workspace is the key's own (GET /api/api-keys/current);
 * LODESTAR_WORKSPACE_ID names one only for a personal access token of someone in several workspaces.
 */
export function fetchCaller(baseUrl: string, apiKey: string, language = 'zh-TW'): ApiCaller {
  const origin = baseUrl.replace(/\/+$/, '');
  return async (method, path, body) => {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'accept-language': language, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Reported by status.
    }
    return { status: response.status, body: parsed };
  };
}

/** Reads the environment and serves on stdin/stdout (bin/lodestar-mcp.mjs). */
export async function runStdio(): Promise<void> {
  const { LODESTAR_URL: url, LODESTAR_API_KEY: key, LODESTAR_WORKSPACE_ID: named, LODESTAR_LANGUAGE: language } = process.env;
  // stdout carries the protocol: problems go to stderr.
  const fail = (problem: string) => {
    process.stderr.write(`lodestar-mcp: ${problem} (README, "Call the API")\n`);
    process.exit(1);
  };
  const missing = Object.entries({ LODESTAR_URL: url, LODESTAR_API_KEY: key }).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length > 0) return fail(`set ${missing.join(', ')}`);
  const call = fetchCaller(url!, key!, language);
  let orgId = named;
  if (!orgId) {
    try {
      orgId = await workspaceOfKey(call);
    } catch (error) {
      return fail(`${(error as Error).message}; set LODESTAR_WORKSPACE_ID`);
    }
  }
  const server = createLodestarMcpServer(call, orgId);
  await server.connect(new StdioServerTransport());
}
