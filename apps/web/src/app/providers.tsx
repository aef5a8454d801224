import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, Spin, type ThemeConfig } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '@lodestar/contract';
import { ApiError, configureApiClient, isBusy, subscribeBusy } from '../shared/api-client.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { ExtensionPointsProvider, type ExtensionPoints } from '../shared/extension-points.tsx';
import { lazyComponent } from '../shared/ui/lazy-dialog.tsx';

/**
 * The calendar's "Add schedule" on contact, company and deal pages; import/export on their lists (see
 * shared/extension-points.tsx). Loaded when a page first shows them: with the root, every page (the sign-in page too)
 * would load the imports and calendar code first (scripts/check-initial-bundle.ts).
 */
const extensionPoints: ExtensionPoints = {
  // The component files, not the features' index.ts: a dynamic import of a barrel would bring its other exports (and
  // the chunks they share with the router) back into the first load.
  AddScheduleButton: lazyComponent(() => import('../features/calendar/schedules/components/add-schedule-button.tsx').then((m) => m.AddScheduleButton)),
  RecordListTools: lazyComponent(() => import('../features/imports/imports/components/record-list-tools.tsx').then((m) => m.RecordListTools)),
};

/** antd's texts for one language, loaded with the page (main.tsx) rather than all three in the first chunk. */
const antdLocales: Record<Locale, () => Promise<{ default: AntLocale }>> = {
  'zh-TW': () => import('antd/locale/zh_TW'),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'en-US': () => import('antd/locale/en_US'),
};

export async function loadAntdLocale(locale: Locale): Promise<AntLocale> {
  return (await antdLocales[locale]()).default;
}

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1554b8',
    colorLink: '#1554b8',
    borderRadius: 8,
    // Darker than antd's defaults so error and success texts reach WCAG AA contrast on white.
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans TC', 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', 'Noto Sans SC', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    Layout: { headerBg: '#0f2a44', headerPadding: '0 20px', bodyBg: '#f3f5f8' },
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only transient failures are retried; 4xx answers are final (and 401/403/404/423 already redirected).
        retry: (failureCount, error) => error instanceof ApiError && (error.status === 0 || error.status >= 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Connects the one API client to antd's notifications (inside <App>, so they follow theme and locale). */
function ApiClientBridge() {
  const { message, notification } = AntApp.useApp();
  const { t, i18n } = useTranslation('common');
  useEffect(() => {
    configureApiClient({
      notify: (kind, text) => {
        // A save that worked gets a brief message under the header; a failure stays as a notification to read.
        if (kind === 'success') void message.success(text);
        else notification.error({ title: t('notifications.error'), description: text });
      },
      language: () => currentLanguage(),
      texts: () => ({ saved: t('notifications.saved'), failed: t('notifications.failed') }),
    });
  }, [message, notification, t, i18n]);
  return null;
}

/** Toasts open below the app header (one row or two, styles.css), never over its buttons or tabs. */
const toastOffset = 'calc(var(--app-header-height) + 12px)';
/** antd takes only a number for notifications: below the taller (two-row) header, whatever the width. */
const notificationOffset = 120;

/** The fullscreen loading overlay shown while a save is in flight. */
function SavingOverlay() {
  const busy = useSyncExternalStore(subscribeBusy, isBusy, isBusy);
  return <Spin fullscreen spinning={busy} />;
}

/** `antdLocale` from loadAntdLocale (without it antd speaks English, as in tests). */
export function AppProviders({ i18n, queryClient, antdLocale, children }: { i18n: I18n; queryClient: QueryClient; antdLocale?: AntLocale; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale} theme={theme} button={{ autoInsertSpace: false }}>
        <AntApp message={{ top: toastOffset, duration: 2, maxCount: 3 }} notification={{ top: notificationOffset }}>
          <QueryClientProvider client={queryClient}>
            <ApiClientBridge />
            <SavingOverlay />
            <ExtensionPointsProvider value={extensionPoints}>{children}</ExtensionPointsProvider>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
