import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { chunkSetsPlugin, pageGroupNames, type ChunkSets } from './chunk-groups.ts';
import { endpointTablesPlugin } from './endpoint-tables.ts';
import { antdImportsPlugin } from './antd-imports.ts';
import { startPreloadsPlugin } from './start-preloads.ts';
import { antdMapTokens, antdStaticStylesPlugin } from './antd-static-styles.ts';
import { catalogParts, startPageCatalogParts } from './src/shared/i18n/catalog-parts.ts';
import { startPagePaths } from './src/app/route-guard-rules.ts';

const pureModule = /[\\/](src[\\/]features[\\/][^\\/]+[\\/][^\\/]+[\\/]index\.ts|packages[\\/]contract[\\/]src[\\/].*\.ts)$/;

/**
 * The contract's modules without zod that the staff app's entry needs (locales, constants, the router's kinds, the
 * password rule): one chunk of their own, so the entry never loads a chunk that also holds zod schemas.
 */
const contractBase = /[\\/]packages[\\/]contract[\\/]src[\\/](platform[\\/](constants|locale)|imports[\\/]import-kinds|reports[\\/]period-kinds|access[\\/]password)\.ts$/;

const root = fileURLToPath(new URL('.', import.meta.url));
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** Filled when the build has read the module graph (chunk-groups.ts), read by the groups below. */
const chunkSets: ChunkSets = { entry: new Set(), signIn: new Set(), signInLate: new Set(), data: new Set(), frame: new Set(), pages: new Map(), public: new Map() };
const startPages = [
  { name: 'contacts', id: src('features/records/contacts/pages/contact-list-page.tsx'), data: src('features/records/contacts/contacts.api.ts') },
  { name: 'deals', id: src('features/deals/deals/pages/deal-list-page.tsx'), data: src('features/deals/deals/deal-board.api.ts') },
  {
    name: 'calendar',
    id: src('features/calendar/schedules/pages/calendar-page.tsx'),
    data: src('features/calendar/schedules/schedules.api.ts'),
    // FullCalendar's view is a lazy import of the page (so that the screens sharing its helpers do not load it), drawn at once.
    drawn: [src('features/calendar/schedules/components/calendar-view.tsx')],
  },
  // Last: among groups of as many pages, those of the earlier pages take a shared dependency first (rolldown's groups
  // bring their modules' dependencies along), so the home page, the newest, does not pull the contact list's into its own.
  { name: 'home', id: src('features/shell/home/pages/home-page.tsx'), data: src('features/shell/home/home.api.ts') },
] as const;
/** The signed-in frame: antd's shell and the workspace layout (app/router.tsx). */
const frame = [src('app/antd-shell.tsx'), src('app/org-layout.tsx')];
const workspaceData = src('app/workspace-preload.ts');
/**
 * One group per set of start pages (and the frame's parts loaded after paint, `late`) sharing modules, the most shared
 * first: a group takes its modules' dependencies
 * along, so the pages' common code must be claimed before one page's group would take it.
 */
const afterPaint = [
  // The home page's first-run guide and its first step, loaded once the guide's state says open, by its loader and
  // step table (src/features/shell/guide/guide-loader.ts).
  {
    name: 'guide',
    host: 'home',
    ids: [src('features/shell/guide/components/first-run-guide.tsx'), src('features/shell/guide/components/steps/company-name-step.tsx')],
    loader: [src('features/shell/guide/guide-loader.ts'), src('features/shell/guide/components/step-bodies.ts')],
  },
];
const pageGroups = pageGroupNames([...startPages.map((page) => page.name), 'late', ...afterPaint.map((part) => part.name)]);
/** This build's id: baked into the app and written to dist/build-id.txt, which the server announces (shared/new-version.ts). */
/** antd's styles for the first screens, extracted at build time (antd-static-styles.ts). */
const antdStyles = antdStaticStylesPlugin();
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  root,
  plugins: [
    react(),
    precompress(),
    // The contract's endpoint tables as plain data (no zod): the web reads method and path only (endpoint-tables.ts).
    endpointTablesPlugin(),
    // antd's form context without the whole of @rc-component/form (antd-imports.ts).
    antdImportsPlugin(),
    chunkSetsPlugin(
      {
        entry: [src('app/main.tsx')],
        signIn: ['login-page', 'signup-page', 'forgot-password-page'].map((page) => src(`features/access/auth/pages/${page}.tsx`)),
        // What they load once they have painted (sign-in.api.ts).
        signInLate: [src('features/access/auth/sign-in.calls.ts')],
        data: [workspaceData, ...startPages.map((page) => page.data)],
        frame,
        // What the start pages load after paint through the extension points (app/providers.tsx): the list's
        // import/export tools share a module with the calendar page (its query keys), which alone would bring the
        // calendar's page group and FullCalendar to the contact list.
        late: [src('features/imports/imports/components/record-list-tools.tsx')],
        // The frame's later parts a phone does not render (app/org-layout.tsx): the header's search box and language picker.
        desktopOnly: [src('features/records/search/components/global-search.tsx'), src('shared/ui/language-select.tsx')],
        pages: startPages.map(({ name, id }) => ({ name, id })),
        afterPaint,
        // The namespaces each start page's catalog parts hold: the build fails when its first load uses another.
        namespaces: (page) => startPageCatalogParts[page as keyof typeof startPageCatalogParts].flatMap((part) => catalogParts[part]),
        public: [
          { name: 'book', id: src('book/main.tsx') },
          { name: 'card', id: src('card/main.ts') },
          { name: 'quote', id: src('quote/main.ts') },
          { name: 'unsubscribe', id: src('unsubscribe/main.ts') },
        ],
      },
      chunkSets,
    ),
    antdStyles,
    // index.html per address with the frame's and the start page's chunks as modulepreload links (start-preloads.ts),
    // and antd's extracted styles (written by the plugin above, whose generateBundle runs first).
    startPreloadsPlugin(
      { data: [workspaceData], frame },
      startPages.map((page) => ({ paths: startPagePaths[page.name], page: page.id, data: [page.data], ...('drawn' in page ? { drawn: page.drawn } : {}) })),
      () => [antdStyles.fileName()].filter((file): file is string => file !== undefined),
    ),
    {
      name: 'lodestar-build-id',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'build-id.txt', source: buildId });
        // The service worker carries the build id, so each build's worker differs and the browser installs it.
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: fs.readFileSync(fileURLToPath(new URL('./sw.js', import.meta.url)), 'utf8').replace('__BUILD_ID__', buildId) });
      },
    },
  ],
  // antd's tokens for the app's themes, derived here once instead of in every first render (antd-static-styles.ts).
  define: { __BUILD_ID__: JSON.stringify(buildId), __ANTD_MAP_TOKENS__: JSON.stringify(antdMapTokens()) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // The manifest lets scripts/check-book-bundle.ts walk the public booking page's chunks.
    manifest: true,
    rolldownOptions: {
      // Three entries: the staff app, and the public booking (/book/{idName}) and card (/card/{slug}) pages with their own small bundles (no antd).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
        // The public business card page (/card/{slug}): likewise its own small bundle (scripts/check-card-bundle.ts).
        card: fileURLToPath(new URL('./card.html', import.meta.url)),
        // The customer's quote page (/q/{token}): likewise (scripts/check-quote-bundle.ts).
        quote: fileURLToPath(new URL('./quote.html', import.meta.url)),
        // A marketing e-mail's unsubscribe link (/unsubscribe?t=…): likewise, the smallest of them.
        unsubscribe: fileURLToPath(new URL('./unsubscribe.html', import.meta.url)),
      },
      // Re-export barrels (a feature's index.ts) and the contract (schemas and endpoint tables, no side effects) are
      // marked pure: importing one name from them (a route list, resolveLocale) no longer drags every other export
      // (dialogs, pickers, drag-and-drop, every endpoint's schema) into the importing chunk.
      treeshake: { moduleSideEffects: (id: string) => !pureModule.test(id) },
      output: {
        codeSplitting: {
          // React alone in one chunk: without it the chunk shared by both entries also took antd, which the booking page never needs.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
            { name: 'contract-base', test: contractBase, priority: 40 },
            { name: 'shared-book', test: (id: string) => chunkSets.public.get(id) === 'shared-book', priority: 46 },
            { name: 'shared-card', test: (id: string) => chunkSets.public.get(id) === 'shared-card', priority: 45 },
            { name: 'shared-quote', test: (id: string) => chunkSets.public.get(id) === 'shared-quote', priority: 44 },
            { name: 'shared-unsubscribe', test: (id: string) => chunkSets.public.get(id) === 'shared-unsubscribe', priority: 43 },
            { name: 'entry', test: (id: string) => chunkSets.entry.has(id), priority: 30 },
            { name: 'sign-in', test: (id: string) => chunkSets.signIn.has(id), priority: 25 },
            { name: 'sign-in-late', test: (id: string) => chunkSets.signInLate.has(id), priority: 24 },
            { name: 'start-data', test: (id: string) => chunkSets.data.has(id), priority: 22 },
            { name: 'frame', test: (id: string) => chunkSets.frame.has(id), priority: 20 },
            // Large libraries of one page each: not in a page group, where a small helper of that page imported
            // elsewhere would bring them along.
            { name: 'fullcalendar', test: /[\\/]node_modules[\\/](@fullcalendar|preact)[\\/]/, priority: 16 },
            { name: 'dnd-kit', test: /[\\/]node_modules[\\/]@dnd-kit[\\/]/, priority: 16 },
            ...pageGroups.map((name, index) => ({ name, test: (id: string) => chunkSets.pages.get(id) === name, priority: 10 - index / 10 })),
            // An after-paint part's loader alone (a group takes what it imports along, so unclaimed it joins the part's).
            ...afterPaint.map((part) => ({ name: `${part.name}-loader`, test: (id: string) => part.loader.includes(id), priority: 12 })),
            // The staff app's catalogs need no group: each language's part modules (src/shared/i18n/catalogs/, by
            // src/shared/i18n/catalog-parts.ts) import them eagerly, so each becomes one chunk of its own.
          ],
        },
      },
    },
  },
});
