import type { Locale as AntLocale } from 'antd/es/locale';
import type { Locale } from '@lodestar/contract';

/** antd's texts for one language, loaded on their own (a small chunk each) rather than all three at once. */
const antdLocales: Record<Locale, () => Promise<{ default: AntLocale }>> = {
  'zh-TW': () => import('antd/locale/zh_TW'),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'en-US': () => import('antd/locale/en_US'),
};

type Tracked = Promise<AntLocale> & { status?: 'fulfilled'; value?: AntLocale };
const loading = new Map<Locale, Tracked>();

/**
 * antd's texts for the language in use (antd-shell.tsx reads them with `use`). The start preload asks for them with the
 * shell (app/preload.ts), beside antd's own chunk rather than after it. Once in, the promise carries its value the way
 * React's `use` reads it, so the shell renders at once instead of suspending on an answered promise.
 */
export function antdLocaleFor(locale: Locale): Promise<AntLocale> {
  let promise = loading.get(locale);
  if (!promise) {
    const tracked: Tracked = antdLocales[locale]().then((module) => module.default);
    void tracked.then((value) => Object.assign(tracked, { status: 'fulfilled', value }), () => undefined);
    loading.set(locale, tracked);
    promise = tracked;
  }
  return promise;
}
