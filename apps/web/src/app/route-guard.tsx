import { Suspense, use, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { pendingCatalogs } from '../shared/i18n.ts';
import { clearSession, useSession } from '../shared/session.ts';
import { LoadingState } from '../shared/ui/loading-state.tsx';
import { decideRoute, isSignInPath } from './route-guard-rules.ts';

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
      <CatalogGate signIn={isSignInPath(location.pathname)} />
    </Suspense>
  );
}

/** A page other than a sign-in page renders once every i18n catalog is in (after a start on a sign-in page, main.tsx). */
function CatalogGate({ signIn }: { signIn: boolean }) {
  const pending = signIn ? null : pendingCatalogs();
  if (pending) use(pending);
  return <Outlet />;
}
