/**
 * Each table has one writer: the module that defines it (docs/ARCHITECTURE.md, "Contexts"). Repositories
 * may join other modules' tables to read them, but an insert, update or delete of a table imported from
 * another module fails this check (part of `npm run lint`). Shared statements parameterized by table
 * (db/records.ts) receive the table from its own module, so they pass.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const repoRoot = join(import.meta.dirname, '..');
const modulesRoot = join(repoRoot, 'apps', 'server', 'src', 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** modules/<context>/<module>/… → modules/<context>/<module>; a context-level file → its context. */
function ownerOf(file: string): string {
  const parts = relative(modulesRoot, file).split('/');
  return parts.length >= 3 ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Local name → the file it is imported from, for every table file import. */
function tableImports(file: string, source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+\.table\.ts)'/g)) {
    const from = resolve(dirname(file), match[2]!);
    for (const part of match[1]!.split(',')) {
      const names = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
      const local = (names[1] ?? names[0])?.trim();
      if (local) found.set(local, from);
    }
  }
  return found;
}

const problems: string[] = [];
for (const file of sourceFiles(modulesRoot)) {
  const source = readFileSync(file, 'utf8');
  const imports = tableImports(file, source);
  if (imports.size === 0) continue;
  const owner = ownerOf(file);
  for (const match of source.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = match[2]!;
    const from = imports.get(table);
    if (!from || !from.startsWith(modulesRoot) || ownerOf(from) === owner) continue;
    const line = source.slice(0, match.index).split('\n').length;
    problems.push(`${relative(repoRoot, file)}:${line}: ${match[1]} of ${table}, a table of ${ownerOf(from)} (only its own module writes it)`);
  }
}

if (problems.length > 0) {
  console.error(`Tables written outside their module (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-table-writes: every table is written by its own module only');
