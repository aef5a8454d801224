/**
 * Applies antd's build-time styles (apps/web/antd-static-styles.ts) before the first render. The server names the file
 * as a preload on workspace addresses (apps/server/src/platform/static-files.ts), so it arrives beside the scripts
 * without holding up the header bar's first paint. antd reads which styles the file holds once, at its first
 * component: the sheet must apply before then, or antd generates them all in the browser as before (the outcome when
 * the file fails to load, e.g. offline with an older cache — nothing breaks, the page is only slower to start).
 */
export function applyAntdStaticStyles(giveUpMs = 4000): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-antd-styles]');
  if (!preload) return Promise.resolve();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  // Before the app's own stylesheets, as antd's generated styles are: the app's rules keep overriding antd's.
  const first = document.head.querySelector('link[rel="stylesheet"], style');
  const loaded = new Promise<void>((resolve) => {
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
    // A sheet still loading after this (a very slow network) is not waited for: antd generates the styles itself.
    setTimeout(resolve, giveUpMs);
  });
  document.head.insertBefore(sheet, first);
  return loaded;
}
