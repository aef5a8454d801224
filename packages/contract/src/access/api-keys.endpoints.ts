import { z } from 'zod';
import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeySchema, currentKeySchema } from './api-keys.ts';

const adminsOnly = 'System administrators only (403 otherwise); a key itself cannot manage keys.';

/** Settings → API keys: the workspace's keys (docs/decisions/0019-api-keys.md). */
export const apiKeysEndpoints = endpoints('apiKeys', {
  list: {
    method: 'GET', path: '/settings/api-keys', access: 'member', response: z.array(apiKeySchema),
    description: `${adminsOnly} The workspace's keys, newest first, revoked ones included, with their last use.`,
  },
  create: {
    method: 'POST', path: '/settings/api-keys', access: 'member', body: apiKeyCreateBodySchema, response: apiKeyCreatedSchema,
    description: `${adminsOnly} Answers the secret (lsk_…) this once; only its SHA-256 is kept. 400 API_KEY_EXPIRY_PAST for an expiry in the past.`,
  },
  revoke: {
    method: 'DELETE', path: '/settings/api-keys/:id', access: 'member', params: idParamsSchema, response: apiKeySchema,
    description: `${adminsOnly} Refused on every app server from the next call on. 404 API_KEY_NOT_FOUND.`,
  },
});

/** The key making the call: what a tool asks first to learn its workspace and scopes. */
export const currentKeyEndpoints = endpoints('apiKeys', {
  current: {
    method: 'GET', path: '/api-keys/current', access: 'user', keyAccess: 'any', response: currentKeySchema,
    summary: 'API keys: the calling key',
    description: 'The API key or personal access token making the call: its scopes, whose rights it carries and the workspaces it can call (a workspace key: its one). Any live key may call it; a session gets 403 API_KEY_REQUIRED.',
  },
});

/** The account's personal access tokens (lsp_…): the user's own scripts, never beyond the user's rights. */
export const personalTokensEndpoints = endpoints('apiKeys', {
  list: { method: 'GET', path: '/user/tokens', access: 'user', response: z.array(apiKeySchema), description: 'The caller\'s tokens, newest first.' },
  create: {
    method: 'POST', path: '/user/tokens', access: 'user', body: apiKeyCreateBodySchema, response: apiKeyCreatedSchema,
    description: 'Answers the secret (lsp_…) this once. The token acts as the caller in any workspace they belong to, narrowed to its scopes.',
  },
  revoke: { method: 'DELETE', path: '/user/tokens/:id', access: 'user', params: idParamsSchema, response: apiKeySchema, description: '404 API_KEY_NOT_FOUND.' },
}, { group: 'personalTokens' });
