import { Suspense, use, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { pendingCatalogs } from '../shared/i18n.ts';
import { clearSession, useSession } from '../shared/session.ts';
import { LoadingState } from '../shared/ui/loading-state.tsx';
import { catalogPartsFor, decideRoute } from './route-guard-rules.ts';

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
      <CatalogGate pathname={location.pathname} />
    </Suspense>
  );
}

/**
 * A page renders once the catalogs it uses are in (catalogPartsFor: a sign-in page's, a start page's, else all); after a
 * start with fewer (main.tsx) the next page may wait here, the previous one staying on screen (a router transition).
 */
function CatalogGate({ pathname }: { pathname: string }) {
  const pending = pendingCatalogs(catalogPartsFor(pathname));
  if (pending) use(pending);
  return <Outlet />;
}
