import { matchPath } from 'react-router';
import { loginWithRedirect } from '../shared/navigation.ts';
import { startPageCatalogParts, type CatalogPart } from '../shared/i18n/catalog-parts.ts';

/**
 * The route guard of docs/product.md#screens as a pure decision, so it can be unit-tested:
 * - `/` goes to `/org/redirect` (keeping `redirect` and `uid`);
 * - public pages render (login and sign-up too when signed in: they navigate on themselves after success,
 *   and a guard redirect there would race their language and redirect handling);
 * - the reset-password page clears a stored session;
 * - the invite-acceptance page renders signed in or out: signed out it offers login and sign-up links that
 *   keep the invitation link as their redirect (and sign-up passes it on), signed in it offers Accept;
 * - any other route needs a token, else login with `redirect` = the original path.
 */
export type GuardDecision =
  | { kind: 'render'; clearSession?: boolean }
  | { kind: 'redirect'; to: string };

export const inviteAcceptPath = '/user/orgAccepted';

const signInPaths = new Set(['/member/login', '/member/signup', '/user/forgot/password', '/user/apple-logining', '/user/resetPassword']);

/** The sign-in pages: public, rendered with the sign-in catalogs only (catalogPartsFor). */
export function isSignInPath(pathname: string): boolean {
  return signInPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** The start pages of the start preload (app/preload.ts), by their paths under /:orgId. */
export const startPagePaths = {
  home: ['index'],
  contacts: ['contact/list'],
  deals: ['deal/list'],
  calendar: ['calendar', 'calendar/:view/:year/:month/:day'],
} as const satisfies Record<keyof typeof startPageCatalogParts, readonly string[]>;

/** The start page at this address, if any. */
export function startPageOf(pathname: string): keyof typeof startPagePaths | null {
  const rest = matchPath({ path: '/:orgId/*' }, pathname)?.params['*'];
  if (rest === undefined) return null;
  const path = `/${rest}`.replace(/\/+$/, '') || '/';
  for (const [page, paths] of Object.entries(startPagePaths)) if (paths.some((pattern) => matchPath({ path: pattern, end: true }, path))) return page as keyof typeof startPagePaths;
  return null;
}

/**
 * The catalogs a page's render waits for (shared/i18n/catalog-parts.ts): a sign-in page's own, a start page's (the
 * rest load after it paints: main.tsx), or every one.
 */
export function catalogPartsFor(pathname: string): readonly CatalogPart[] | 'all' {
  if (isSignInPath(pathname)) return ['start'];
  const page = startPageOf(pathname);
  return page ? startPageCatalogParts[page] : 'all';
}

export function decideRoute(pathname: string, search: string, signedIn: boolean): GuardDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { kind: 'redirect', to: `/org/redirect${search}` };
  if (path === '/user/resetPassword') return signedIn ? { kind: 'render', clearSession: true } : { kind: 'render' };
  if (isSignInPath(path)) return { kind: 'render' };
  if (path === inviteAcceptPath) return { kind: 'render' };
  if (!signedIn) return { kind: 'redirect', to: loginWithRedirect(pathname, search) };
  return { kind: 'render' };
}
