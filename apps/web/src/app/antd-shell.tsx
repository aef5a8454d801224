import { use } from 'react';
import { Outlet } from 'react-router';
import { storedLanguage } from '../shared/i18n.ts';
import { AntdProviders } from './antd-providers.tsx';
import { antdLocaleFor } from './antd-locale.ts';

/**
 * Every page but the public sign-in ones (router.tsx): antd's providers load with this route's chunk, and antd's texts
 * for the language main.tsx starts i18n with (antd-locale.ts; the language never changes in place: switching reloads
 * the page, shared/language.ts). The route's loader waits for both (router.tsx), so the shell renders at once; the
 * route guard's Suspense shows the plain spinner otherwise.
 */
export function AntdShell() {
  return (
    <AntdProviders antdLocale={use(antdLocaleFor(storedLanguage()))}>
      <Outlet />
    </AntdProviders>
  );
}
