import { describe, expect, it } from 'vitest';
import { catalogPartsFor, decideRoute, isSignInPath } from './route-guard-rules.ts';
import { pickOrgRedirect, safeRedirectPath } from '../shared/navigation.ts';

describe('decideRoute (docs/product.md#screens route guard)', () => {
  it('sends the root path to the org redirect, keeping redirect and uid', () => {
    expect(decideRoute('/', '?redirect=%2Fabc%2Findex&uid=7', true)).toEqual({ kind: 'redirect', to: '/org/redirect?redirect=%2Fabc%2Findex&uid=7' });
    expect(decideRoute('/', '', false)).toEqual({ kind: 'redirect', to: '/org/redirect' });
  });

  it('sends a protected route without a token to login with the original path', () => {
    expect(decideRoute('/o1/index', '?tab=2', false)).toEqual({ kind: 'redirect', to: '/member/login?redirect=%2Fo1%2Findex%3Ftab%3D2' });
    expect(decideRoute('/account/profile', '', false)).toEqual({ kind: 'redirect', to: '/member/login?redirect=%2Faccount%2Fprofile' });
  });

  it('renders protected routes with a token', () => {
    expect(decideRoute('/o1/index', '', true)).toEqual({ kind: 'render' });
  });

  it('renders public pages without a token', () => {
    for (const path of ['/member/login', '/member/signup', '/user/forgot/password', '/user/resetPassword']) {
      expect(decideRoute(path, '', false)).toEqual({ kind: 'render' });
    }
  });

  it('clears a stored session on the reset-password page', () => {
    expect(decideRoute('/user/resetPassword', '?code=x', true)).toEqual({ kind: 'render', clearSession: true });
  });

  it('renders login and sign-up for a signed-in visitor too (they navigate on after success)', () => {
    expect(decideRoute('/member/login', '?redirect=%2Fo1%2Findex', true)).toEqual({ kind: 'render' });
    expect(decideRoute('/member/signup', '', true)).toEqual({ kind: 'render' });
  });

  it('renders the invitation page signed in or out (it links to login and sign-up with itself as redirect)', () => {
    expect(decideRoute('/user/orgAccepted', '?orgId=o&userId=m', false)).toEqual({ kind: 'render' });
    expect(decideRoute('/user/orgAccepted', '?orgId=o&userId=m', true)).toEqual({ kind: 'render' });
  });
});

describe('pickOrgRedirect', () => {
  it('honours a redirect and appends uid', () => {
    expect(pickOrgRedirect({ redirect: '/o2/index', uid: 'u1', defaultOrgId: 'o1' })).toBe('/o2/index?uid=u1');
    expect(pickOrgRedirect({ redirect: '/x?a=1', uid: 'u 1', defaultOrgId: null })).toBe('/x?a=1&uid=u%201');
    expect(pickOrgRedirect({ redirect: '/o2/index', uid: null, defaultOrgId: 'o1' })).toBe('/o2/index');
  });

  it("goes to the default org's home, else to the first-workspace page", () => {
    expect(pickOrgRedirect({ redirect: null, uid: null, defaultOrgId: 'o1' })).toBe('/o1/index');
    expect(pickOrgRedirect({ redirect: null, uid: null, defaultOrgId: null })).toBe('/org/create');
  });

  it('ignores redirects to other sites', () => {
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(pickOrgRedirect({ redirect: '//evil.example', uid: null, defaultOrgId: 'o1' })).toBe('/o1/index');
  });
});

describe('isSignInPath (the pages that start with the sign-in catalogs only)', () => {
  it('knows the sign-in pages', () => {
    expect(['/member/login', '/member/signup/', '/user/forgot/password', '/user/resetPassword'].every(isSignInPath)).toBe(true);
    expect(['/', '/org/create', '/o1/contact/list', '/user/orgAccepted'].some(isSignInPath)).toBe(false);
  });
});

describe('catalogPartsFor (the catalogs a page renders with: shared/i18n/catalog-parts.ts)', () => {
  const orgId = '0b6f3c2e-6a53-4c1e-9a39-1c1c6f1b2d3e';
  it('a sign-in page its own, a start page its parts, any other page all', () => {
    expect(catalogPartsFor('/member/login')).toEqual(['start']);
    expect(catalogPartsFor(`/${orgId}/contact/list`)).toEqual(['start', 'records']);
    expect(catalogPartsFor(`/${orgId}/deal/list/`)).toEqual(['start', 'records', 'deals']);
    expect(catalogPartsFor(`/${orgId}/calendar/week/2026/11/29`)).toEqual(['start', 'deals', 'calendar']);
    expect(catalogPartsFor(`/${orgId}/contact/123`)).toBe('all');
    expect(catalogPartsFor('/account/profile')).toBe('all');
  });
});
