import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ChannelSettingsPage = lazy(() => import('./pages/channel-settings-page.tsx').then((m) => ({ default: m.ChannelSettingsPage })));
const LineSetupPage = lazy(() => import('./pages/line-setup-page.tsx').then((m) => ({ default: m.LineSetupPage })));
const LineRoutingPage = lazy(() => import('./pages/line-routing-page.tsx').then((m) => ({ default: m.LineRoutingPage })));
const LineRichMenuPage = lazy(() => import('./pages/line-rich-menu-page.tsx').then((m) => ({ default: m.LineRichMenuPage })));
const LineSegmentsPage = lazy(() => import('./pages/line-segments-page.tsx').then((m) => ({ default: m.LineSegmentsPage })));
const SocialLinePage = lazy(() => import('./pages/social-line-page.tsx').then((m) => ({ default: m.SocialLinePage })));

/** settings/channel and settings/channel/line (inside the settings area; docs/product.md#line-channel). */
export const channelSettingsRoutes: RouteObject[] = [
  { path: 'channel', element: <ChannelSettingsPage /> },
  { path: 'channel/line', element: <LineSetupPage /> },
  { path: 'channel/line/routing', element: <LineRoutingPage /> },
  { path: 'channel/line/rich-menu', element: <LineRichMenuPage /> },
];

/** /{orgId}/social/line[/{conversationId}]: the "Social (LINE)" tab. */
export const socialRoutes: RouteObject[] = [
  { path: 'social/line', element: <SocialLinePage /> },
  { path: 'social/line/segments', element: <LineSegmentsPage /> },
  { path: 'social/line/:conversationId', element: <SocialLinePage /> },
];
