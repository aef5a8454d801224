/**
 * The entry of an import thread (modules/imports/imports/import-thread.ts) when the server runs its sources (vitest,
 * `npm run dev`; the bundle `npm run serve` runs has its own, apps/server/build.ts). Plain JavaScript: on Node 20 a
 * worker's entry is loaded without the parent's `--import tsx` hooks (a .ts entry fails with
 * ERR_UNKNOWN_FILE_EXTENSION), so tsx is registered here when the thread cannot load TypeScript by itself.
 */
import { URL } from 'node:url';

const task = new URL('./import-thread.task.ts', import.meta.url).href;
try {
  await import(task);
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // Another URL than the failed one: the module map keeps a failed load.
  await import(`${task}?tsx`);
}
