/**
 * Fewer, larger chunks for the staff app's first load (apps/web/README.md "First load", issue 21).
 *
 * Rolldown's automatic chunking puts modules with the same set of importing entries (the HTML entries and every lazy
 * route, layout and dialog) together, so antd's components, icons and small helpers each became a chunk of their own:
 * the contact list's first visit asked for ~160 files, over HTTP/1.1's six connections per host. This plugin walks the
 * module graph once the build has read it and names three sets for `codeSplitting` groups (vite.config.ts):
 * - `entry`: what the staff app's entry (main.tsx) imports statically — everything a sign-in page needs but its page;
 * - `frame`: what antd's shell (antd-shell.tsx) and the workspace layout (org-layout.tsx) import besides — every
 *   signed-in page's frame;
 * - `pages`: what the three start pages of the start preload (app/preload.ts: contact list, deal board, calendar) import
 *   besides — one chunk for the three, so a page shares its helpers with the others instead of a chunk per pair.
 *
 * The walk follows what the bundle keeps: a side-effect-free module (a feature's index.ts, the contract, antd's and
 * the icons' index files) brings only the re-exports that are asked for, as tree-shaking does; a naive walk of
 * `importedIds` through those barrels would reach nearly the whole app.
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';

type Names = Set<string> | 'all';
interface Parsed {
  /** Import declarations: the target and the names taken from it (an empty set for a side-effect import). */
  imports: { id: string; names: Names }[];
  /** `export { a as b } from` (from 'a', as 'b'); `export * as ns from` (from '*'). */
  reexports: { id: string; from: string; as: string }[];
  /** `export * from`. */
  stars: string[];
  /** Names this module declares and exports itself (its own code is then needed, with all its imports). */
  locals: Set<string>;
  /** importedIds no declaration above accounts for (CommonJS `require`, unparsable code): followed whole. */
  other: string[];
  /** False for what is not ECMAScript modules' syntax (CSS, JSON, CommonJS without exports): taken whole. */
  esm: boolean;
}

export interface ChunkSets {
  entry: Set<string>;
  signIn: Set<string>;
  /** What the start preload's data steps import (app/preload.ts): the API client's calls and their schemas. */
  data: Set<string>;
  frame: Set<string>;
  /** What the sign-in pages load on demand after they paint. */
  signInLate: Set<string>;
  /** Module id → its group's name, after the start pages that import it. */
  pages: Map<string, string>;
  /** Module id → `shared-<public page>`: what the staff app shares with a public page. */
  public: Map<string, string>;
}

const languageOf = (id: string) => (/\.tsx$/.test(id) ? 'tsx' : /\.ts$/.test(id) ? 'ts' : /\.(jsx)$/.test(id) ? 'jsx' : 'js');

/**
 * `roots`: module ids of the staff entry, the frame's modules and the start pages (absolute paths). The sets are
 * filled at `buildEnd`, before rolldown chunks and calls the groups' `test`.
 */
/**
 * The i18n namespaces these modules' code names: `useTranslation('ns')` (or a list, or none: `common`), `'ns:key'`,
 * `{ ns: 'ns' }`. A namespace chosen at run time (`useTranslation(entity.namespace)`) is not seen: its values must be
 * in the page's parts too.
 */
export function namespacesUsed(codes: string[]): string[] {
  const found = new Set<string>();
  for (const code of codes) {
    for (const m of code.matchAll(/\buseTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*"|)\s*[,)]/g)) {
      if (!m[1]) found.add('common');
      else for (const n of m[1].matchAll(/['"]([^'"]+)['"]/g)) found.add(n[1]!);
    }
    for (const m of code.matchAll(/\bt\(\s*['"`]([a-z-]+):/g)) found.add(m[1]!);
    for (const m of code.matchAll(/\bns:\s*['"]([a-z-]+)['"]/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

export function chunkSetsPlugin(roots: { namespaces?: (page: string) => readonly string[]; entry: string[]; signIn: string[]; signInLate: string[]; data: string[]; frame: string[]; late: string[]; desktopOnly: string[]; pages: { name: string; id: string }[]; afterPaint?: { name: string; host: string; ids: string[]; loader: string[] }[]; public: { name: string; id: string }[] }, sets: ChunkSets): Plugin {
  return {
    name: 'lodestar-chunk-sets',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const parsed = new Map<string, Parsed>();
      const resolved = new Map<string, string | null>();
      const resolveFrom = async (source: string, importer: string) => {
        const key = `${importer}\0${source}`;
        if (!resolved.has(key)) {
          const guess = source.startsWith('.') ? resolve(dirname(importer), source) : null;
          const result = guess && this.getModuleInfo(guess) ? { id: guess } : await this.resolve(source, importer);
          resolved.set(key, result?.id ?? null);
        }
        return resolved.get(key) ?? null;
      };
      const parse = async (id: string): Promise<Parsed> => {
        const known = parsed.get(id);
        if (known) return known;
        const info = this.getModuleInfo(id);
        const result: Parsed = { imports: [], reexports: [], stars: [], locals: new Set(), other: [], esm: false };
        const importedIds = info?.importedIds ?? [];
        const code = info?.code;
        let program: ReturnType<typeof parseAst> | null = null;
        if (code && /\.(m?[jt]sx?|cjs)$/.test(id.split('?')[0]!)) {
          try {
            program = parseAst(code, { lang: languageOf(id.split('?')[0]!) });
          } catch {
            program = null;
          }
        }
        const seen = new Set<string>();
        /** Imported bindings: `import { a as b } from 'x'; export { b }` re-exports x's a. */
        const bindings = new Map<string, { id: string; from: string }>();
        if (program) {
          for (const node of program.body) {
            if (node.type === 'ImportDeclaration') {
              if (node.importKind === 'type') continue;
              const target = await resolveFrom(String(node.source.value), id);
              if (!target) continue;
              seen.add(target);
              const names = new Set<string>();
              let all = false;
              for (const spec of node.specifiers) {
                if (spec.type === 'ImportNamespaceSpecifier') {
                  all = true;
                  bindings.set(spec.local.name, { id: target, from: '*' });
                } else if (spec.type === 'ImportDefaultSpecifier') {
                  names.add('default');
                  bindings.set(spec.local.name, { id: target, from: 'default' });
                } else if (spec.importKind !== 'type') {
                  const imported = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
                  names.add(imported);
                  bindings.set(spec.local.name, { id: target, from: imported });
                }
              }
              result.imports.push({ id: target, names: all ? 'all' : names });
            } else if (node.type === 'ExportNamedDeclaration') {
              if (node.exportKind === 'type') continue;
              const target = node.source ? await resolveFrom(String(node.source.value), id) : null;
              if (node.source && !target) continue;
              if (target) seen.add(target);
              if (node.declaration) {
                const declaration = node.declaration;
                if (declaration.type === 'VariableDeclaration') {
                  for (const d of declaration.declarations) if (d.id.type === 'Identifier') result.locals.add(d.id.name);
                  else result.locals.add('\0pattern');
                } else if ('id' in declaration && declaration.id && 'name' in declaration.id) result.locals.add(declaration.id.name);
              }
              for (const spec of node.specifiers) {
                if (spec.exportKind === 'type') continue;
                const exported = spec.exported.type === 'Identifier' ? spec.exported.name : String(spec.exported.value);
                const local = spec.local.type === 'Identifier' ? spec.local.name : String(spec.local.value);
                const binding = target ? null : bindings.get(local);
                if (target) result.reexports.push({ id: target, from: local, as: exported });
                else if (binding) result.reexports.push({ id: binding.id, from: binding.from, as: exported });
                else result.locals.add(exported);
              }
            } else if (node.type === 'ExportAllDeclaration') {
              if (node.exportKind === 'type') continue;
              const target = await resolveFrom(String(node.source.value), id);
              if (!target) continue;
              seen.add(target);
              if (node.exported) result.reexports.push({ id: target, from: '*', as: node.exported.type === 'Identifier' ? node.exported.name : String(node.exported.value) });
              else result.stars.push(target);
            } else if (node.type === 'ExportDefaultDeclaration') result.locals.add('default');
          }
        }
        result.other = importedIds.filter((dep) => !seen.has(dep));
        result.esm = Boolean(program) && (result.locals.size > 0 || result.reexports.length > 0 || result.stars.length > 0 || result.imports.length > 0);
        parsed.set(id, result);
        return result;
      };

      const provides = new Map<string, boolean>();
      const provide = async (id: string, name: string, stack = new Set<string>()): Promise<boolean> => {
        const key = `${id}\0${name}`;
        if (provides.has(key)) return provides.get(key)!;
        if (stack.has(id)) return false;
        stack.add(id);
        const p = await parse(id);
        let found = p.locals.has(name) || p.reexports.some((r) => r.as === name);
        for (const star of p.stars) if (!found && (await provide(star, name, stack))) found = true;
        provides.set(key, found);
        return found;
      };

      const someStar = async (stars: string[], name: string) => {
        for (const star of stars) if (await provide(star, name)) return true;
        return false;
      };

      /** The modules the bundle keeps when these roots are imported whole. */
      const walk = async (rootIds: string[], { dynamic = false } = {}) => {
        const included = new Set<string>();
        const asked = new Set<string>();
        const queue: { id: string; names: Names }[] = rootIds.map((id) => ({ id, names: 'all' as const }));
        while (queue.length) {
          const { id, names } = queue.pop()!;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          const p = await parse(id);
          const wanted = names === 'all' ? ['\0all'] : [...names];
          const fresh = wanted.filter((name) => !asked.has(`${id}\0${name}`));
          fresh.forEach((name) => asked.add(`${id}\0${name}`));
          // Tree-shaking keeps a module's own code when a name it declares is used, when it is imported for its side
          // effects only (and does not declare itself free of them), or when it is not an ES module we can read.
          let needsOwnCode = !p.esm || names === 'all' || p.locals.has('\0pattern') || (names.size === 0 && info.moduleSideEffects !== false);
          if (!needsOwnCode && names !== 'all') {
            for (const name of names) {
              if (p.locals.has(name)) needsOwnCode = true;
              else if (!p.reexports.some((r) => r.as === name) && !(await someStar(p.stars, name))) needsOwnCode = true;
            }
          }
          if (needsOwnCode && !included.has(id)) {
            included.add(id);
            for (const imp of p.imports) queue.push(imp);
            for (const dep of p.other) queue.push({ id: dep, names: 'all' });
            if (dynamic) for (const dep of info.dynamicallyImportedIds) queue.push({ id: dep, names: 'all' });
          }
          if (!fresh.length) continue;
          if (names === 'all') {
            // A namespace's own namespaces (zod's `export * as locales`) are left out: the bundle keeps the members used.
            for (const r of p.reexports) if (r.from !== '*') queue.push({ id: r.id, names: new Set([r.from]) });
            for (const star of p.stars) queue.push({ id: star, names: 'all' });
            continue;
          }
          for (const name of fresh) {
            const direct = p.reexports.filter((r) => r.as === name);
            for (const r of direct) queue.push({ id: r.id, names: r.from === '*' ? 'all' : new Set([r.from]) });
            if (direct.length || p.locals.has(name)) continue;
            for (const star of p.stars) if (await provide(star, name)) queue.push({ id: star, names: new Set([name]) });
          }
        }
        return included;
      };

      const main = await walk(roots.entry);
      const signIn = await walk(roots.signIn);
      const data = await walk(roots.data);
      const frame = await walk(roots.frame);
      const pageSets = await Promise.all(roots.pages.map(async ({ name, id }) => ({ name, modules: await walk([id]) })));
      // What the sign-in pages share with the signed-in side goes with the entry (a few small helpers and Query's
      // hooks), so neither side loads the other's chunk.
      const signedIn = new Set([...data, ...frame, ...pageSets.flatMap((page) => [...page.modules])]);
      if (roots.namespaces) {
        // A start page renders with its catalog parts only (src/shared/i18n/catalog-parts.ts): a namespace its first
        // load uses outside them would show its keys until the rest come in.
        for (const { name, modules } of pageSets) {
          const missing = namespacesUsed([...main, ...data, ...frame, ...modules].map((id) => this.getModuleInfo(id)?.code ?? '')).filter((ns) => !roots.namespaces!(name).includes(ns));
          if (missing.length) this.error(`start page ${name} uses the i18n namespaces ${missing.join(', ')} outside its catalog parts (src/shared/i18n/catalog-parts.ts)`);
        }
      }
      const entry = new Set([...main, ...[...signIn].filter((id) => signedIn.has(id) && !roots.signIn.includes(id))]);
      // What the frame's own modules render a moment after the page (`lazyComponent`: today's target, fast create, the
      // bell, reminders, the billing notice, the phone's tab bar; app/org-layout.tsx) — not what loads on a click
      // (`lazyDialog`, the lazy tooltips and menus) nor what a phone never renders (roots.desktopOnly): one module of
      // this set brings the set's whole group along, so a dialog's form code or the desktop search would load on every page.
      const lazyComponentImport = /lazyComponent(?:<[^>]*>)?\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
      const lateRoots: string[] = [];
      for (const id of frame) {
        if (entry.has(id)) continue;
        for (const match of (this.getModuleInfo(id)?.code ?? '').matchAll(lazyComponentImport)) {
          const target = await resolveFrom(match[1]!, id);
          if (target && !frame.has(target) && !entry.has(target) && !roots.desktopOnly.includes(target)) lateRoots.push(target);
        }
      }
      // Plus the parts the start pages load after paint through the extension points (roots.late), so a module they
      // share with a page brings that page's small group along, not its whole page group.
      const late = await walk([...lateRoots, ...roots.late]);
      // What the sign-in pages load on demand after they paint (their calls, with the contract and zod): claimed
      // before the signed-in groups, or the first of these that shares a module with it would be loaded whole.
      const signInLate = await walk(roots.signInLate);
      for (const set of [sets.entry, sets.signIn, sets.signInLate, sets.data, sets.frame, sets.pages, sets.public]) set.clear();
      const claimed = new Set<string>();
      const claim = (modules: Iterable<string>, add: (id: string) => void) => {
        for (const id of modules) if (!claimed.has(id)) { claimed.add(id); add(id); }
      };
      // The entry module itself stays the HTML's entry chunk.
      claim([...entry].filter((id) => !roots.entry.includes(id)), (id) => sets.entry.add(id));
      claimed.add(roots.entry[0]!);
      for (const id of entry) claimed.add(id);
      claim(signIn, (id) => sets.signIn.add(id));
      claim(signInLate, (id) => sets.signInLate.add(id));
      claim(data, (id) => sets.data.add(id));
      claim(frame, (id) => sets.frame.add(id));
      // Named after the start pages (and the frame's late parts, `late`) that need it: each loads only what it needs
      // of the others'.
      const users = [...pageSets, { name: 'late', modules: late }];
      // A start page's part that loads once its state is known (roots.afterPaint: the home page's first-run guide) is a
      // user too, of what it shares with one other start page only: the calendar's forms and zod stay out of the
      // guide's load without splitting the groups several start pages load (more files for each) or its host page's.
      // Its loader (the modules that ask for its chunks) stays out of its group: loading it must not wait for them.
      const afterPaint = await Promise.all(
        (roots.afterPaint ?? []).map(async ({ name, host, ids, loader }) => {
          const modules = await walk(ids);
          for (const id of loader) modules.delete(id);
          return { name, host, modules };
        }),
      );
      claim(
        [...users, ...afterPaint].flatMap((page) => [...page.modules]),
        (id) => {
          const pages = users.filter((page) => page.modules.has(id));
          const starts = pages.filter((page) => page.name !== 'late').map((page) => page.name);
          const parts = afterPaint.filter((part) => part.modules.has(id) && starts.length <= 1 && !starts.includes(part.host));
          sets.pages.set(id, `page-${[...pages, ...parts].map((page) => page.name).join('-')}`);
        },
      );
      // What a public page (booking, card: entries with their own small bundles) shares with the staff app gets a
      // group of its own, claimed before the staff groups (which would otherwise take it along as a dependency).
      for (const { name, id } of roots.public) {
        for (const shared of await walk([id], { dynamic: true })) if (claimed.has(shared) && !sets.public.has(shared)) sets.public.set(shared, `shared-${name}`);
      }
      if (process.env.CHUNK_SETS_DEBUG) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(process.env.CHUNK_SETS_DEBUG, JSON.stringify({ entry: [...sets.entry], signIn: [...sets.signIn], signInLate: [...sets.signInLate], data: [...sets.data], frame: [...sets.frame], pages: Object.fromEntries(sets.pages), public: Object.fromEntries(sets.public) }, null, 1));
      }
    },
  };
}

/** Every group name the pages' sets can take (`page-` and the pages' names in order), the largest sets first. */
export function pageGroupNames(pages: string[]): string[] {
  const subsets: string[][] = [];
  for (let mask = 1; mask < 1 << pages.length; mask++) subsets.push(pages.filter((_, index) => mask & (1 << index)));
  return subsets.sort((a, b) => b.length - a.length).map((subset) => `page-${subset.join('-')}`);
}
