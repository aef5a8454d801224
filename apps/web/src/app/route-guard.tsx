import { Suspense, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession, useSession } from '../shared/session.ts';
import { LoadingState } from '../shared/ui/query-state.tsx';
import { decideRoute } from './route-guard-rules.ts';

export function RouteGuard() {
  const location = useLocation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const decision = decideRoute(location.pathname, location.search, Boolean(token));
  const mustClear = decision.kind === 'render' && decision.clearSession === true;

  useLayoutEffect(() => {
    if (mustClear) {
      clearSession();
      queryClient.clear();
    }
  }, [mustClear, queryClient]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (mustClear) return null;
  return (
    <Suspense
      fallback={
        <div className="centered-page">
          <LoadingState />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
}
