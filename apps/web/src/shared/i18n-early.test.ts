import i18next from 'i18next';
import { expect, it } from 'vitest';
import { initI18n, loadCatalogs, loadRestOfCatalogs, pendingCatalogs } from './i18n.ts';

// Its own file: it needs i18next not yet started (a start preload asks for a later part before main.tsx starts it).
it('a part asked for before i18next starts is added once it has, in the language it starts with', async () => {
  const early = loadRestOfCatalogs();
  initI18n(await loadCatalogs('en-US', ['start']), 'en-US', ['start']);
  await early;
  expect(pendingCatalogs('all', 'en-US')).toBeNull();
  expect(i18next.t('deals:form.newProduct')).toBe('Create a product');
  expect(i18next.t('auth:login.submit')).not.toBe('login.submit');
});
