import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fullPrivilegeFeatures, type Member, type Organization, type Profile } from '@lodestar/contract';
import { storeSession } from '../../../shared/session.ts';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { SettingsLayout } from '../../shell/settings/components/settings-layout.tsx';
import { normalizeEmailList } from '../../../shared/ui/validation.ts';
import { InviteMembersForm } from './components/invite-members-form.tsx';
import { actionsFor } from './components/members-table.tsx';
import { invitationRoutes } from '../members/routes.tsx';
import { hasTeamPlan } from './pages/users-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const member = (patch: Partial<Member>): Member => ({
  memberId: 'm1', userId: 'u1', firstName: 'Wei', lastName: 'Lin', name: 'Wei Lin', email: 'wei@x.co', avatar: null,
  status: 'activated', isTopAdministrator: false, isSystemAdministrator: false, role: { id: null, name: 'member', builtIn: 'member' }, privilege: null,
  department: null, createdAt: '2026-01-01T00:00:00Z', ...patch,
});

describe('member actions', () => {
  it('offers resend and cancel for an invitation', () => {
    expect(actionsFor(member({ status: 'invited' }), 'me')).toEqual(['resend', 'cancelInvitation']);
  });
  it('never deactivates the top administrator or oneself', () => {
    expect(actionsFor(member({ isTopAdministrator: true }), 'me')).toEqual(['edit']);
    expect(actionsFor(member({ userId: 'me' }), 'me')).toEqual(['edit']);
    expect(actionsFor(member({}), 'me')).toEqual(['edit', 'deactivate']);
  });
  it('reactivates a deactivated user', () => {
    expect(actionsFor(member({ status: 'deactivated' }), 'me')).toEqual(['edit', 'activate']);
  });
});

describe('team plan gate', { timeout: 20_000 }, () => {
  const org = (patch: Partial<Organization>) => ({ plan: 'free', isTopAdministrator: false, ...patch }) as Organization;
  const profile = (productId: string) => ({ purchaseInfo: { productId } }) as Profile;
  it('follows the workspace plan, or the top administrator’s own purchase', () => {
    expect(hasTeamPlan(org({ plan: 'subscribe_team' }), profile('free'))).toBe(true);
    expect(hasTeamPlan(org({ isTopAdministrator: true }), profile('subscribe_team'))).toBe(true);
    expect(hasTeamPlan(org({}), profile('subscribe_team'))).toBe(false);
    expect(hasTeamPlan(undefined, profile('subscribe_team'))).toBe(false);
  });

  it('disables the invite form with the upgrade tip linking to /subscription', async () => {
    stubApi({});
    renderWithProviders(<InviteMembersForm orgId="o1" canInvite={false} onInvited={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    expect((screen.getByRole('button', { name: 'Send invitations' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('normalizes typed emails', () => {
    expect(normalizeEmailList([' A@x.co', 'a@x.co', '', 'b@x.co'])).toEqual(['a@x.co', 'b@x.co']);
  });
});

describe('invitation page', { timeout: 20_000 }, () => {
  const url = '/user/orgAccepted?orgId=11111111-1111-4111-8111-111111111111&userId=22222222-2222-4222-8222-222222222222';

  it('signed out: login and sign-up keep the invitation link as their redirect', async () => {
    renderRoutes(invitationRoutes, url);
    const expected = `redirect=${encodeURIComponent(url)}`;
    expect((await screen.findByRole('link', { name: 'Log in to accept' })).getAttribute('href')).toBe(`/member/login?${expected}`);
    expect(screen.getByRole('link', { name: 'Sign up to accept' }).getAttribute('href')).toBe(`/member/signup?${expected}`);
  });

  it('signed in: offers to accept', async () => {
    storeSession('tok', { id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.co', orgId: null, avatar: null });
    renderRoutes(invitationRoutes, url);
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(screen.getByText('Signed in as a@b.co')).toBeTruthy();
  });

  it('says so when the link is incomplete', async () => {
    renderRoutes(invitationRoutes, '/user/orgAccepted?orgId=x');
    expect(await screen.findByText(/invitation link is incomplete/)).toBeTruthy();
  });
});

describe('settings guard', { timeout: 20_000 }, () => {
  const routes = [
    { path: '/:orgId/settings', element: <SettingsLayout />, children: [{ path: 'users', element: <p>users page</p> }] },
    { path: '/:orgId/error/unauthorized', element: <p>unauthorized page</p> },
  ];
  const privileges = (isSystemAdministrator: boolean) => ({
    '/privilege/user/features': { isSystemAdministrator, isTopAdministrator: false, features: fullPrivilegeFeatures() },
  });

  it('sends a user who is not a system administrator to the unauthorized page', async () => {
    storeSession('tok', { id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.co', orgId: 'o1', avatar: null });
    stubApi(privileges(false));
    const { router } = renderRoutes(routes, '/o1/settings/users');
    expect(await screen.findByText('unauthorized page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/o1/error/unauthorized');
  });

  it('shows a system administrator the page and a navigation of the pages that exist', async () => {
    storeSession('tok', { id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.co', orgId: 'o1', avatar: null });
    stubApi(privileges(true));
    renderRoutes(routes, '/o1/settings/users');
    expect(await screen.findByText('users page')).toBeTruthy();
    // jsdom matches no media query: the narrow layout, one page picker showing where the user is.
    expect(screen.getByRole('combobox', { name: 'Settings navigation' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Settings navigation' })).getByText('Users')).toBeTruthy();
  });
});
