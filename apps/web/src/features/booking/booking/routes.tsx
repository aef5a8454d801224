import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Lazy like its pages: the side menu is not part of every page's first load.
const BookingLayout = lazy(() => import('./components/booking-layout.tsx').then((m) => ({ default: m.BookingLayout })));
const BusinessSettingPage = lazy(() => import('./pages/business-setting-page.tsx').then((m) => ({ default: m.BusinessSettingPage })));
const BusinessServicePage = lazy(() => import('./pages/business-service-page.tsx').then((m) => ({ default: m.BusinessServicePage })));
const ReservationsPage = lazy(() => import('./pages/reservations-page.tsx').then((m) => ({ default: m.ReservationsPage })));

/** Online booking (docs/product.md#screens): /{orgId}/business/setting, /business/service, and my reservations (/business/appointments). */
export const bookingRoutes: RouteObject[] = [
  {
    path: 'business',
    element: <BookingLayout />,
    children: [
      { index: true, element: <Navigate to="setting" replace /> },
      { path: 'setting', element: <BusinessSettingPage /> },
      { path: 'service', element: <BusinessServicePage /> },
      { path: 'appointments', element: <ReservationsPage /> },
      { path: '*', element: <Navigate to="setting" replace /> },
    ],
  },
];
