import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const BackupPage = lazy(() => import('./pages/backup-page.tsx').then((m) => ({ default: m.BackupPage })));

/** Under /:orgId/settings (system administrators): Settings → Backup. */
export const backupSettingsRoutes: RouteObject[] = [{ path: 'backup', element: <BackupPage /> }];
