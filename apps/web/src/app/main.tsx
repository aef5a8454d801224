import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyAntdStaticStyles } from '../shared/antd-static-styles.ts';
import { configureApiClient } from '../shared/api-client.ts';
import { initI18n, loadCatalogs, loadRestOfCatalogs, storedLanguage } from '../shared/i18n.ts';
import { watchChunkLoads } from '../shared/new-version.ts';
import { getSession } from '../shared/session.ts';
import { firstDataSettled } from '../shared/start-preload.ts';
import { holdLazyComponents } from '../shared/ui/lazy-dialog.tsx';
import { NewVersionNotice } from '../shared/ui/new-version-notice.tsx';
import { planPreload, preloadAntdShell, startPreload } from './preload.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { catalogPartsFor, isSignInPath } from './route-guard-rules.ts';
import { createAppRouter } from './router.tsx';
import './plain.css';
import './styles.css';
import './phone.css';

const locale = storedLanguage();
watchChunkLoads();
// The service worker (offline shell, installable app) registers after the page has loaded: not part of the first load.
window.addEventListener('load', () => void import('../shared/service-worker.ts').then((m) => m.registerServiceWorker()).catch(() => undefined), { once: true });
const queryClient = createQueryClient();
// A sign-in page or a start page starts with the catalogs it uses and loads the others once it has painted (the first
// load stays small; shared/i18n/catalog-parts.ts). They are asked for first: every first render waits for them (HTTP/1.1
// serves six requests at a time).
const startsSignedOut = isSignInPath(window.location.pathname);
const startCatalogs = catalogPartsFor(window.location.pathname);
const catalogsLoading = loadCatalogs(locale, startCatalogs);
// Everything the address needs, at once and in parallel, before the catalogs are awaited (app/preload.ts): antd's
// shell and texts, the workspace layout, the page's chunk, the workspace requests and the page's first data. The first
// render waits for the route's components too (they come in with the catalogs): it paints the page's frame at once,
// instead of a spinner that the frame, then the page replace a render (and up to 300 ms of React's throttle) later.
const session = getSession();
const plan = planPreload(window.location.pathname, session.token);
const routeLoading = startPreload(plan, queryClient, session.user?.id);
// The start-up work after the requests comes in separate tasks, while they travel: applying antd's stylesheet (its
// parse) and building the router (ranking every route) were one task with the above, 370 ms on Lighthouse's modelled
// phone, all of it counted as blocking time (the header bar has painted by then).
await nextTask();
const antdStylesApplied = applyAntdStaticStyles();
await nextTask();
const router = createAppRouter();
// Until here an answer sending the user to sign in changes the address the plain way (the API client's default).
configureApiClient({
  navigate: (to) => {
    if (to.startsWith('/member/login')) queryClient.clear();
    void router.navigate(to, { replace: true });
  },
});

// antd's texts load with the antd shell (antd-shell.tsx): the public sign-in pages are plain HTML.
const [catalogs] = await Promise.all([catalogsLoading, routeLoading, antdStylesApplied]);
const i18n = initI18n(catalogs, locale, startCatalogs);
if (startsSignedOut) {
  void loadRestOfCatalogs(locale).catch(() => undefined);
  // The pages after signing in need antd: fetched once this page has loaded and settled, not before it paints.
  window.addEventListener('load', () => setTimeout(preloadAntdShell, 1500), { once: true });
}

// What a start page (app/preload.ts) loads after its first paint (the header's search, target, fast create, reminders,
// the list's tools; lazyComponent) waits until the page's first data are in, so it does not compete with them; the
// other catalogs load then too, and those parts wait for them (shared/ui/lazy-dialog.tsx).
if (plan.startPage) {
  const settled = firstDataSettled(queryClient);
  holdLazyComponents(settled);
  void settled.then(() => loadRestOfCatalogs(locale)).catch(() => undefined);
}

/** Lets the browser run what waits (a paint, an answer) before the next piece of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** index.html's header bar (shown on workspace addresses) goes with the first commit, whatever it renders. */
function BootFrameDone() {
  useLayoutEffect(() => document.getElementById('boot-frame')?.remove(), []);
  return null;
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The first render is the whole frame and page at once (the start preload loaded them): as a transition React renders
// it in slices, yielding to the browser between them, instead of one task of a few hundred milliseconds.
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
        <NewVersionNotice />
        <BootFrameDone />
      </AppProviders>
    </StrictMode>,
  ),
);
