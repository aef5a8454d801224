import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, type SpinProps, type ThemeConfig } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import type { MapToken, SeedToken } from 'antd/es/theme/interface/index.js';
import defaultAlgorithm from 'antd/es/theme/themes/default/index.js';
import { useTranslation } from 'react-i18next';
import { configureApiClient, isBusy, subscribeBusy } from '../shared/api-client.ts';
import { plainNotify } from '../shared/ui/plain-toasts.tsx';
import { currentLanguage } from '../shared/i18n.ts';
import { feedback } from '../shared/ui/feedback.ts';
import { lazyComponent } from '../shared/ui/lazy-dialog.tsx';
import { headerPopupContainer } from '../shared/ui/popup-container.ts';
import { reducedMotionQuery, touchPhoneQuery, useMediaQuery } from '../shared/ui/use-media-query.ts';
import { seedKey, themeFor } from './antd-theme.ts';

// antd's message, notification and modal holders load after the page has painted (shared/ui/feedback.ts).
const FeedbackHost = lazyComponent(() => import('./feedback-host.tsx').then((m) => m.FeedbackHost));

/** antd's full token set for each of the app's themes, derived by the build (BuiltMapTokens, apps/web/antd-static-styles.ts). */
declare const __ANTD_MAP_TOKENS__: { base: MapToken; variants: Record<string, Partial<MapToken>> } | undefined;

/**
 * antd's default algorithm, answered from the build's results for the app's own themes: deriving the ~440 tokens
 * (colour palettes, sizes) took one task of 20–30 ms on a desktop, four times that on Lighthouse's modelled phone, in
 * the first render of every page. Another seed (none today) is derived as antd would.
 */
function algorithm(seed: SeedToken): MapToken {
  const built = typeof __ANTD_MAP_TOKENS__ === 'object' ? __ANTD_MAP_TOKENS__ : undefined;
  const variant = built?.variants[seedKey(seed)];
  return variant ? { ...built!.base, ...variant } : defaultAlgorithm(seed);
}

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
  const themed = useMemo<ThemeConfig>(() => ({ ...themeFor(isTouchPhone, reducedMotion), algorithm }), [isTouchPhone, reducedMotion]);
  return (
    <ConfigProvider locale={antdLocale} theme={themed} button={{ autoInsertSpace: false }} getPopupContainer={headerPopupContainer}>
      <ApiClientBridge />
      <SavingOverlay />
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}
