import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { initI18n } from '../shared/i18n.ts';

// Every language's catalogs, loaded at once: tests switch languages without reloading.
const allCatalogs = import.meta.glob<Record<string, unknown>>(['../features/*/*/i18n/*.json', '../shared/i18n/*.json'], { eager: true, import: 'default' });
import { AntdProviders } from '../app/antd-providers.tsx';
import { AppProviders, createQueryClient } from '../app/providers.tsx';

/** Renders routes in the real providers (i18n in en-US, antd, TanStack Query) at a given URL. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const i18n = initI18n(allCatalogs, 'en-US');
  void i18n.changeLanguage('en-US');
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
      <AntdProviders>
        <RouterProvider router={router} />
      </AntdProviders>
    </AppProviders>,
  );
  return { ...result, router };
}

export function renderWithProviders(element: ReactElement) {
  return renderRoutes([{ path: '*', element }], '/');
}
