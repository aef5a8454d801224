/** Pages anyone may open; a 401 there must not bounce the visitor (and lose their `redirect`). */
export const publicPaths = ['/member/login', '/member/signup', '/user/forgot/password', '/user/resetPassword', '/user/apple-logining'] as const;

export function isPublicPath(pathname: string): boolean {
  return (publicPaths as readonly string[]).includes(pathname);
}

export function loginWithRedirect(pathname: string, search: string): string {
  return `/member/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Only same-origin paths are followed from a `redirect` parameter (no open redirects). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * docs/product.md#screens: arriving from the root path, a signed-in user with a redirect goes there (uid appended
 * if given), otherwise to their own organization's home, and without any organization to the first-workspace page.
 */
export function pickOrgRedirect(input: { redirect: string | null; uid: string | null; defaultOrgId: string | null }): string {
  const redirect = safeRedirectPath(input.redirect);
  if (redirect) {
    if (!input.uid) return redirect;
    return `${redirect}${redirect.includes('?') ? '&' : '?'}uid=${encodeURIComponent(input.uid)}`;
  }
  if (input.defaultOrgId) return `/${input.defaultOrgId}/index`;
  return '/org/create';
}
