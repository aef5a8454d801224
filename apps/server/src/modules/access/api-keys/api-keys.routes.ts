import { apiKeysEndpoints as api, currentKeyEndpoints, personalTokensEndpoints as tokens } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf, userOf } from '../auth/auth.ts';
import * as apiKeysService from './api-keys.service.ts';

/** Settings → API keys and the account's personal access tokens (docs/decisions/0019-api-keys.md). */
export const apiKeysRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => apiKeysService.listWorkspaceKeys(app.db, actorOf(request)));
  route(app, api.create, async (request) => apiKeysService.createWorkspaceKey(app.db, actorOf(request), userOf(request), request.body));
  route(app, api.revoke, async (request) => apiKeysService.revokeWorkspaceKey(app.db, actorOf(request), request.params.id));

  // Any live key may ask who it is (keyAccess: 'any'); a session is told to use a key.
  route(app, currentKeyEndpoints.current, async (request) => apiKeysService.describeCallingKey(app.db, request.apiKey?.id, userOf(request)));

  // A key cannot reach these (they name no scope): keys are made by people signed in.
  route(app, tokens.list, async (request) => apiKeysService.listPersonalTokens(app.db, userOf(request).id));
  route(app, tokens.create, async (request) => apiKeysService.createPersonalToken(app.db, userOf(request), request.body));
  route(app, tokens.revoke, async (request) => apiKeysService.revokePersonalToken(app.db, userOf(request).id, request.params.id));
};
