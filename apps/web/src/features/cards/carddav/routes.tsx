import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CarddavPage = lazy(() => import('./pages/carddav-page.tsx').then((m) => ({ default: m.CarddavPage })));

/** Under the account layout: /account/addressBook, the phone address book (CardDAV) of the current workspace. */
export const carddavRoutes: RouteObject[] = [{ path: 'addressBook', element: <CarddavPage /> }];
