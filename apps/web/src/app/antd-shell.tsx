import { use } from 'react';
import { Outlet } from 'react-router';
import type { Locale as AntLocale } from 'antd/es/locale';
import { currentLanguage } from '../shared/i18n.ts';
import { AntdProviders, loadAntdLocale } from './antd-providers.tsx';

/** The language never changes in place (switching reloads the page, shared/language.ts): one load per page. */
let antdLocale: Promise<AntLocale> | null = null;

/**
 * Every page but the public sign-in ones (router.tsx): antd's providers load with this route's chunk, and the route
 * guard's Suspense shows the plain spinner while antd's texts for the language come in.
 */
export function AntdShell() {
  antdLocale ??= loadAntdLocale(currentLanguage());
  return (
    <AntdProviders antdLocale={use(antdLocale)}>
      <Outlet />
    </AntdProviders>
  );
}
