import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, type SpinProps, type ThemeConfig } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import { configureApiClient, isBusy, subscribeBusy } from '../shared/api-client.ts';
import { plainNotify } from '../shared/ui/plain-toasts.tsx';
import { currentLanguage } from '../shared/i18n.ts';
import { feedback } from '../shared/ui/feedback.ts';
import { lazyComponent } from '../shared/ui/lazy-dialog.tsx';
import { headerPopupContainer } from '../shared/ui/popup-container.ts';
import { reducedMotionQuery, touchPhoneQuery, useMediaQuery } from '../shared/ui/use-media-query.ts';

// antd's message, notification and modal holders load after the page has painted (shared/ui/feedback.ts).
const FeedbackHost = lazyComponent(() => import('./feedback-host.tsx').then((m) => m.FeedbackHost));

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1554b8',
    colorLink: '#1554b8',
    borderRadius: 8,
    // Darker than antd's defaults so error and success texts reach WCAG AA contrast on white.
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    // antd derives the success alert's fill and border from colorSuccess, and from this dark green they come out
    // olive: keep antd's own light greens for them (green-1, green-2, green-3, green-4).
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorWarning: '#ad6800',
    // Per page language (shared/font-stack.css).
    fontFamily: 'var(--font-sans)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    Layout: { headerBg: '#0f2a44', headerPadding: '0 20px', bodyBg: '#f3f5f8' },
  },
};

/** On a touch phone every control is at least 44 px tall (issue 29, WCAG 2.5.5): antd sizes them all from these tokens. */
const touchTheme: ThemeConfig = {
  token: { ...theme.token, controlHeight: 44, controlHeightSM: 32, controlHeightLG: 48 },
  // A switch is drawn 22 px tall whatever the control height: 28 px under a finger (WCAG 2.5.8 asks 24).
  components: { ...theme.components, Switch: { trackHeight: 28, handleSize: 24, trackMinWidth: 52 } },
};

/**
 * Connects the one API client to antd's notifications (feedback-host.tsx, so they follow theme and locale) while an antd
 * page is on screen; the plain toasts (shared/ui/plain-toasts.tsx) take over again on the sign-in pages.
 */
function ApiClientBridge() {
  const { t, i18n } = useTranslation('common');
  useEffect(() => {
    configureApiClient({
      notify: (kind, text) => {
        // A save that worked gets a brief message under the header; a failure stays as a notification to read.
        if (kind === 'success') feedback.message.success(text);
        else feedback.notification.error({ title: t('notifications.error'), description: text });
      },
      language: () => currentLanguage(),
      texts: () => ({ saved: t('notifications.saved'), failed: t('notifications.failed') }),
    });
    return () => configureApiClient({ notify: plainNotify });
  }, [t, i18n]);
  return null;
}

// antd's Spin loads with the first save, not with every page.
const FullscreenSpin = lazyComponent<SpinProps>(() => import('antd/es/spin/index.js').then((m) => m.default));

/**
 * The fullscreen loading overlay shown while a save is in flight — rendered only then: always rendered, its styles
 * were generated in every page's first render, for an overlay no page shows as it opens.
 */
function SavingOverlay() {
  const busy = useSyncExternalStore(subscribeBusy, isBusy, isBusy);
  return busy ? <FullscreenSpin fullscreen spinning /> : null;
}

/** antd's theme, locale (without `antdLocale` antd speaks English, as in tests), notifications and overlay. */
export function AntdProviders({ antdLocale, children }: { antdLocale?: AntLocale; children: ReactNode }) {
  const isTouchPhone = useMediaQuery(touchPhoneQuery);
  const reducedMotion = useMediaQuery(reducedMotionQuery);
  const current = isTouchPhone ? touchTheme : theme;
  // "Reduce motion": antd's drawers, dialogs and menus appear without their zoom and slide (styles.css stops the rest).
  const themed = useMemo(() => (reducedMotion ? { ...current, token: { ...current.token, motion: false } } : current), [current, reducedMotion]);
  return (
    <ConfigProvider locale={antdLocale} theme={themed} button={{ autoInsertSpace: false }} getPopupContainer={headerPopupContainer}>
      <ApiClientBridge />
      <SavingOverlay />
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}
