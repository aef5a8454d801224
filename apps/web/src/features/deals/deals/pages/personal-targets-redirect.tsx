import { Navigate } from 'react-router';
import { useProfile } from '../../../../shared/profile.api.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';

/**
 * /targets (docs/product.md#screens): the personal targets page of the signed-in user's current workspace,
 * which lives at /{orgId}/targets; without a workspace, the organization redirect picks one.
 */
export function PersonalTargetsRedirect() {
  const profile = useProfile();
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <LoadingState />;
  const orgId = profile.data.orgId;
  return <Navigate to={orgId ? `/${orgId}/targets` : '/org/redirect'} replace />;
}
