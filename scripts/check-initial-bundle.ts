/**
 * Fails when the sign-in page or the contact list needs more than 300 KB of gzipped JavaScript before it can
 * show anything: the staff app's entry (index.html), the layout and the page, and every chunk these import
 * statically (the modulepreload list). What a page imports on demand (dialogs, the calendar, charts,
 * drag-and-drop) is not counted. Run after `npm run build` (test:e2e does).
 */
import { chunkFiles, gzippedSizes, kb, readManifest } from './bundle-manifest.ts';

export const initialBundleLimitBytes = 300 * 1024;

/** Each page as the router loads it: entry, then the lazy layout and page chunks (apps/web/src/app/router.tsx). */
export const initialPages: Record<string, string[]> = {
  'sign-in page (/member/login)': ['index.html', 'src/features/access/auth/pages/login-page.tsx'],
  'contact list (/{orgId}/contact/list)': ['index.html', 'src/app/org-layout.tsx', 'src/features/records/contacts/pages/contact-list-page.tsx'],
};

const manifest = readManifest();
let failed = false;
for (const [page, keys] of Object.entries(initialPages)) {
  const { sizes, total } = gzippedSizes(chunkFiles(manifest, keys, { dynamic: false }));
  const largest = [...sizes].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
  const summary = `${page}: ${kb(total)} of gzipped JavaScript in ${sizes.length} files (limit ${kb(initialBundleLimitBytes)})`;
  if (total > initialBundleLimitBytes) {
    failed = true;
    console.error(`${summary} — over the limit; largest: ${largest.map(({ file, gzip }) => `${file} ${kb(gzip)}`).join(', ')}`);
  } else console.log(summary);
}
if (failed) process.exit(1);
