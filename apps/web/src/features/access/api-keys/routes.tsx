import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ApiKeysPage = lazy(() => import('./pages/api-keys-page.tsx').then((m) => ({ default: m.ApiKeysPage })));
const PersonalTokensPage = lazy(() => import('./pages/personal-tokens-page.tsx').then((m) => ({ default: m.PersonalTokensPage })));

/** Under /:orgId/settings. */
export const apiKeySettingsRoutes: RouteObject[] = [{ path: 'apiKeys', element: <ApiKeysPage /> }];

/** Under the account layout (/account/...). */
export const personalTokenRoutes: RouteObject[] = [{ path: 'tokens', element: <PersonalTokensPage /> }];
