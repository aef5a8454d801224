import type { Plugin } from 'vite';

/** One address pattern and the chunks a page there imports at once, besides index.html's own (the entry's). */
export interface StartPreload {
  /** A regular expression's source, matched against the address's path. */
  path: string;
  /** Files under the build's root (assets/…), in the order to fetch them. */
  files: string[];
}

export interface StartPreloadPage {
  /** Route patterns under /:orgId, as the router writes them (`contact/list`, `calendar/:view/:year/:month/:day`). */
  paths: readonly string[];
  /** The page's component module. */
  page: string;
  /** The modules that ask for its first data (besides the workspace's). */
  data: string[];
  /** Modules the page imports lazily but draws at once (the calendar's FullCalendar view): preloaded with it. */
  drawn?: readonly string[];
}

/** The shape the build writes; the server reads it (apps/server/src/platform/static-files.ts). */
export const startPreloadsFile = 'start-preloads.json';

export interface StartPreloadsJson {
  pages: StartPreload[];
  /** Stylesheets every workspace address preloads (antd-static-styles.ts), applied before the first render. */
  styles: string[];
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  moduleIds?: string[];
  facadeModuleId?: string | null;
  isEntry?: boolean;
  name?: string;
}

/** `/:orgId/` plus a router pattern as a regular expression: a workspace id, then the pattern's segments. */
export function workspacePathPattern(pattern: string): string {
  const segments = pattern === '*' ? ['.*'] : pattern.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/[0-9a-f-]{36}/${segments.join('/')}/?$`;
}

/**
 * For each start page (and, last, any other workspace address with the workspace's data and the frame alone): the
 * static-import closure of the chunks holding its modules, minus what the HTML entry preloads already. The data
 * modules come first, as in the start preload (app/preload.ts): the requests they make should not queue behind the
 * larger chunks on HTTP/1.1's six connections. Pure, over the bundle's chunks.
 */
export function startPreloads(chunks: ChunkLike[], workspace: { data: string[]; frame: string[] }, pages: StartPreloadPage[]): StartPreload[] {
  const byFile = new Map(chunks.filter((chunk) => chunk.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (id: string) => {
    const candidates = [...byFile.values()];
    const found = candidates.find((chunk) => chunk.facadeModuleId === id) ?? candidates.find((chunk) => chunk.moduleIds?.includes(id));
    if (!found) throw new Error(`start-preloads: no chunk holds ${id}`);
    return found.fileName;
  };
  const closure = (files: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    files.forEach(visit);
    return seen;
  };
  // The staff app's entry: the build input named main (index.html, apps/web/vite.config.ts).
  const main = [...byFile.values()].find((chunk) => chunk.isEntry && chunk.name === 'main');
  if (!main) throw new Error('start-preloads: the staff app entry (input main, index.html) is not in the bundle');
  const fromHtml = closure([main.fileName]);
  const needed = (...modules: string[]) => [...closure(modules.map(chunkOf))].filter((file) => !fromHtml.has(file) && file.endsWith('.js'));
  const inOrder = (...lists: string[][]) => [...new Set(lists.flat())];
  return [
    ...pages.flatMap((page) => {
      const files = inOrder(needed(...workspace.data, ...page.data), needed(...workspace.frame), needed(page.page, ...(page.drawn ?? [])));
      return page.paths.map((path) => ({ path: workspacePathPattern(path), files }));
    }),
    { path: workspacePathPattern('*'), files: inOrder(needed(...workspace.data), needed(...workspace.frame)) },
  ];
}

/**
 * Writes start-preloads.json: which chunks an address's page imports before it can paint. The server puts them into
 * index.html as modulepreload links for that address, so the browser fetches the workspace frame and the page with the
 * entry instead of after it (the start preload, app/preload.ts, can ask for them only once the entry has run).
 */
export function startPreloadsPlugin(workspace: { data: string[]; frame: string[] }, pages: StartPreloadPage[], styles: () => string[]): Plugin {
  return {
    name: 'lodestar-start-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const json: StartPreloadsJson = { pages: startPreloads(Object.values(bundle) as ChunkLike[], workspace, pages), styles: styles() };
      this.emitFile({ type: 'asset', fileName: startPreloadsFile, source: `${JSON.stringify(json, null, 1)}\n` });
    },
  };
}
