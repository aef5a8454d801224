import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, configureApiClient, isBusy, redirectForFailure, resetApiClient } from './api-client.ts';
import { getSession, storeSession } from './session.ts';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const fail = (status: number, errorCode: string, errorMessage: string, details?: unknown) =>
  answer(status, { result: 'fail', data: null, errorMessage, errorCode, details });

describe('apiRequest', () => {
  const navigate = vi.fn();
  const notify = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({
      navigate,
      notify,
      language: () => 'en-US',
      texts: () => ({ saved: 'Saved', failed: 'Please try again later' }),
      location: () => ({ pathname: '/o1/index', search: '?x=1' }),
    });
    storeSession('tok', { id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', orgId: 'o1', avatar: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    navigate.mockReset();
    notify.mockReset();
    resetApiClient();
  });

  it('sends the token, the language and the orgId, and unwraps the envelope', async () => {
    fetchMock.mockResolvedValue(answer(200, { result: 'success', data: { ok: 1 }, errorMessage: null, errorCode: null }));
    await expect(apiRequest('/organizations/get', { orgId: 'o1' })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/organizations/get?orgId=o1');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('en-US');
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows a green notification and the overlay for a save', async () => {
    let busyDuring = false;
    fetchMock.mockImplementation(async () => {
      busyDuring = isBusy();
      return answer(200, { result: 'success', data: null, errorMessage: null, errorCode: null });
    });
    await apiRequest('/profile', { method: 'POST', body: { firstName: 'A' }, successMessage: 'Profile saved' });
    expect(busyDuring).toBe(true);
    expect(isBusy()).toBe(false);
    expect(notify).toHaveBeenCalledWith('success', 'Profile saved');
  });

  it('on 401 clears the session and goes to login with the page as redirect', async () => {
    fetchMock.mockResolvedValue(fail(401, 'UNAUTHENTICATED', 'Please log in again'));
    await expect(apiRequest('/profile')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBeNull();
    expect(getSession().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/member/login?redirect=%2Fo1%2Findex%3Fx%3D1');
  });

  it('on 401 while already on login keeps the page (and its redirect) as it is', () => {
    expect(redirectForFailure(401, {}, { pathname: '/member/login', search: '?redirect=%2Fo1%2Findex' })).toBeNull();
    expect(redirectForFailure(401, {}, { pathname: '/o1/index', search: '' })).toBe('/member/login?redirect=%2Fo1%2Findex');
  });

  it('on 403 goes to the unauthorized page, on 423 to the frozen page', async () => {
    fetchMock.mockResolvedValueOnce(fail(403, 'FORBIDDEN', 'No'));
    await expect(apiRequest('/privilege/user/features', { orgId: 'o1' })).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenLastCalledWith('/o1/error/unauthorized');
    fetchMock.mockResolvedValueOnce(fail(423, 'ORG_FROZEN', 'Frozen'));
    await expect(apiRequest('/organizations/get', { orgId: 'o1' })).rejects.toMatchObject({ status: 423 });
    expect(navigate).toHaveBeenLastCalledWith('/o1/frozen');
  });

  it('shows a free-plan limit (403 PLAN_LIMIT_REACHED) where it happened instead of the unauthorized page', async () => {
    fetchMock.mockResolvedValueOnce(fail(403, 'PLAN_LIMIT_REACHED', 'Please upgrade to the Pro version'));
    await expect(apiRequest('/settings/product', { method: 'POST', orgId: 'o1', body: { name: 'x' } })).rejects.toMatchObject({ status: 403 });
    expect(navigate).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('error', 'Please upgrade to the Pro version');
  });

  it('on 404 goes to the not-found page only for a page lookup', async () => {
    fetchMock.mockResolvedValueOnce(fail(404, 'ORG_NOT_FOUND', 'Workspace not found'));
    await expect(apiRequest('/organizations/get', { orgId: 'o9', pageLookup: true })).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenLastCalledWith('/o9/error/pageNotFound');
    navigate.mockReset();
    fetchMock.mockResolvedValueOnce(fail(404, 'NOT_FOUND', 'Not found'));
    await expect(apiRequest('/something', { orgId: 'o9' })).rejects.toMatchObject({ status: 404 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("rejects other failures with the server's message and a red notification for saves", async () => {
    fetchMock.mockResolvedValueOnce(
      fail(400, 'VALIDATION_FAILED', 'Field "orgName": This field is required', [
        { field: 'orgName', reason: 'required', message: 'This field is required' },
      ]),
    );
    const error = await apiRequest('/organizations/create', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Field "orgName": This field is required');
    expect((error as ApiError).details[0]?.field).toBe('orgName');
    expect(notify).toHaveBeenCalledWith('error', 'Field "orgName": This field is required');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not notify failed reads, and never redirects anonymous calls on 401', async () => {
    fetchMock.mockResolvedValueOnce(fail(409, 'AUTH_EMAIL_TAKEN', 'Taken'));
    await expect(apiRequest('/organizations/list')).rejects.toMatchObject({ status: 409 });
    expect(notify).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(fail(401, 'UNAUTHENTICATED', 'Log in'));
    await expect(apiRequest('/logout', { method: 'POST', anonymous: true, notifyError: false })).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(getSession().token).toBe('tok');
  });

  it('turns a network failure into a localized error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(apiRequest('/profile', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(notify).toHaveBeenCalledWith('error', 'Please try again later');
  });
});
