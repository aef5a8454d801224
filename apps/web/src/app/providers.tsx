import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ApiError } from '../shared/api-client.ts';
import { ExtensionPointsProvider, type ExtensionPoints } from '../shared/extension-points.tsx';
import { lazyComponent } from '../shared/ui/lazy-dialog.tsx';
import { PlainToasts } from '../shared/ui/plain-toasts.tsx';
import { refetchOnMountUnlessPreloaded } from '../shared/start-preload.ts';

/**
 * The calendar's "Add schedule" on contact, company and deal pages; import/export on their lists (see
 * shared/extension-points.tsx). Loaded when a page first shows them: with the root, every page (the sign-in page too)
 * would load the imports and calendar code first (scripts/check-initial-bundle.ts).
 */
const extensionPoints: ExtensionPoints = {
  // The component files, not the features' index.ts: a dynamic import of a barrel would bring its other exports (and
  // the chunks they share with the router) back into the first load.
  AddScheduleButton: lazyComponent(() => import('../features/calendar/schedules/components/add-schedule-button.tsx').then((m) => m.AddScheduleButton)),
  LogActivityButton: lazyComponent(() => import('../features/calendar/activity-log/components/log-activity-button.tsx').then((m) => m.LogActivityButton)),
  RecordConversation: lazyComponent(() => import('../features/channels/line/components/contact-line-card.tsx').then((m) => m.ContactLineCard)),
  RecordMail: lazyComponent(() => import('../features/mail/mailboxes/components/record-mail-card.tsx').then((m) => m.RecordMailCard)),
  ContactPdpa: lazyComponent(() => import('../features/imports/pdpa/components/contact-pdpa-card.tsx').then((m) => m.ContactPdpaCard)),
  // Until its code is in, a box the size of its two buttons keeps the list's status row from reflowing (layout shift).
  RecordListTools: lazyComponent(
    () => import('../features/imports/imports/components/record-list-tools.tsx').then((m) => m.RecordListTools),
    () => <span className="record-list-tools-placeholder" aria-hidden="true" />,
  ),
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only transient failures are retried; 4xx answers are final (and 401/403/404/423 already redirected).
        retry: (failureCount, error) => error instanceof ApiError && (error.status === 0 || error.status >= 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        // What the start preload (app/preload.ts) fetched is used, not fetched again, by the page that mounts next.
        refetchOnMount: refetchOnMountUnlessPreloaded,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The root providers (main.tsx): i18n, TanStack Query, extension points and the plain toasts. No antd here: the
 * public sign-in pages are plain HTML, and antd's providers (antd-providers.tsx) load with every other page
 * (app/antd-shell.tsx), so the sign-in page's first load stays small (scripts/check-initial-bundle.ts).
 */
export function AppProviders({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PlainToasts />
        <ExtensionPointsProvider value={extensionPoints}>{children}</ExtensionPointsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
