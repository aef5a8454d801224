import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../../../test/render.tsx';
import { signInRoutes } from './routes.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Every call answers a field error on `email` (a 400 naming the field, as the server's validation does). */
function stubFieldError(message: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(path);
      const body =
        path === '/api/auth/apple/config'
          ? { result: 'success', data: { enabled: false }, errorMessage: null, errorCode: null }
          : { result: 'fail', data: null, errorMessage: message, errorCode: 'VALIDATION_FAILED', details: [{ field: 'email', message }] };
      return new Response(JSON.stringify(body), { status: path === '/api/auth/apple/config' ? 200 : 400, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('plain sign-in pages', { timeout: 20_000 }, () => {
  it('login: checks the fields before sending, then shows the server field error under its field', async () => {
    const calls = stubFieldError('No account uses this address');
    renderRoutes(signInRoutes, '/member/login');
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(email);
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((path) => path === '/api/login')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'mei@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'whatever-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('No account uses this address')).toBeTruthy();
    expect(calls).toContain('/api/login');
  });

  it('sign-up: a weak password and a mismatched confirmation are refused with their messages', async () => {
    stubFieldError('unused');
    renderRoutes(signInRoutes, '/member/signup?email=invited%40example.com');
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('invited@example.com');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('The password is too weak')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    // The password's help stays readable with the field (aria-describedby).
    expect(screen.getByLabelText('Password', { exact: true }).getAttribute('aria-describedby')).toMatch(/hint/);
  });
});
