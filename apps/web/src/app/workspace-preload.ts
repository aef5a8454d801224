import { organizationQuery, organizationsQuery } from '../features/access/organizations/index.ts';
import { permissionsQuery } from '../shared/permissions.ts';
import { profileQuery } from '../shared/profile.api.ts';
import { prefetchAtStart, type StartPreloadContext } from '../shared/start-preload.ts';

/**
 * The start preload (app/preload.ts) of every /{orgId}/… page: what the workspace layout (org-layout.tsx) asks for
 * when it mounts — the workspace (its page waits for it), the caller's privileges (tabs, page buttons), the profile
 * and the workspace list (the avatar menu) — with the layout's own query options.
 */
export function preloadWorkspace({ queryClient, orgId }: StartPreloadContext): void {
  prefetchAtStart(queryClient, organizationQuery(orgId));
  prefetchAtStart(queryClient, permissionsQuery(orgId));
  prefetchAtStart(queryClient, profileQuery());
  prefetchAtStart(queryClient, organizationsQuery());
}
