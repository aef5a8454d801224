import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AuditLogPage = lazy(() => import('./pages/audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage })));

/** Under /:orgId/settings. */
export const auditLogSettingsRoutes: RouteObject[] = [{ path: 'auditLog', element: <AuditLogPage /> }];
