import { use } from 'react';
import { Outlet } from 'react-router';
import type { Locale as AntLocale } from 'antd/es/locale';
import { storedLanguage } from '../shared/i18n.ts';
import { AntdProviders, loadAntdLocale } from './antd-providers.tsx';

/**
 * antd's texts start loading with this module (main.tsx fetches it beside the catalogs), in the language main.tsx
 * starts i18n with; the language never changes in place (switching reloads the page, shared/language.ts).
 */
const antdLocale: Promise<AntLocale> = loadAntdLocale(storedLanguage());

/**
 * Every page but the public sign-in ones (router.tsx): antd's providers load with this route's chunk, and the route
 * guard's Suspense shows the plain spinner while antd's texts for the language come in.
 */
export function AntdShell() {
  return (
    <AntdProviders antdLocale={use(antdLocale)}>
      <Outlet />
    </AntdProviders>
  );
}
