import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../test/render.tsx';
import { storeSession, getSession } from '../shared/session.ts';
import { RouteGuard } from './route-guard.tsx';

const routes = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/member/login', element: <p>login page</p> },
      { path: '/user/resetPassword', element: <p>reset page</p> },
      { path: '/org/redirect', element: <p>org redirect</p> },
      { path: '/:orgId/index', element: <p>home page</p> },
    ],
  },
];

describe('RouteGuard', () => {
  it('sends a signed-out visitor of a protected page to login with a redirect', async () => {
    const { router } = renderRoutes(routes, '/o1/index');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe('?redirect=%2Fo1%2Findex');
  });

  it('lets a signed-in user in', async () => {
    storeSession('tok', { id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.co', orgId: 'o1', avatar: null });
    renderRoutes(routes, '/o1/index');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('clears the stored session on the reset-password page', async () => {
    storeSession('tok', { id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.co', orgId: 'o1', avatar: null });
    renderRoutes(routes, '/user/resetPassword?code=abc');
    expect(await screen.findByText('reset page')).toBeTruthy();
    await waitFor(() => expect(getSession().token).toBeNull());
    expect(getSession().user).toBeNull();
  });
});
