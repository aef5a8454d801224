import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** zh-TW texts straight from the catalogs, so the journey reads the screen the way a user does. */
export function text(feature: string, key: string, values: Record<string, string> = {}): string {
  const path = feature === 'common' ? 'src/shared/i18n/zh-TW.json' : `src/features/${feature}/i18n/zh-TW.json`;
  const catalog: unknown = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', path), 'utf8'));
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
  if (typeof found !== 'string') throw new Error(`no text ${feature}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}

export async function apiCall<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body: unknown, token?: string, orgId?: string): Promise<T> {
  const response = await request.fetch(`/api${path}${orgId ? `?orgId=${orgId}` : ''}`, {
    method,
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const json = await response.json();
  expect(json.result, JSON.stringify(json)).toBe('success');
  return json.data as T;
}

/** An account with one workspace, signed in through the browser's stored session. */
export async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const email = `sales-${Date.now()}@example.com`;
  const session = await apiCall<{ token: string; user: { id: string; firstName: string } }>(request, 'POST', '/register', {
    email,
    password: 'Passw0rd!x',
    firstName: 'Mei',
    lastName: 'Chang',
  });
  const org = await apiCall<{ orgId: string }>(request, 'POST', '/organizations/create', { orgName: 'Formosa Sales', memberEmails: [] }, session.token);
  await apiCall(request, 'POST', '/organizations/setDefault', { orgId: org.orgId }, session.token, org.orgId);
  await page.addInitScript(
    ([token, user, orgId]) => {
      localStorage.setItem('lodestar.token', token);
      localStorage.setItem('lodestar.user', JSON.stringify({ id: user.id, firstName: user.firstName, orgId, avatar: null }));
    },
    [session.token, session.user, org.orgId] as const,
  );
  return org.orgId;
}
