/**
 * Fails when the three locale catalogs of any i18n folder under apps/web/src differ in keys,
 * or when a value is empty. Catalogs live in trios: <dir>/i18n/{zh-TW,zh-CN,en-US}.json.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { locales } from '@lodestar/contract';

const root = join(import.meta.dirname, '..', 'apps', 'web', 'src');

function findI18nDirs(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'i18n') found.push(path);
    else found.push(...findI18nDirs(path));
  }
  return found;
}

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else out.set(prefix, value);
  return out;
}

const problems: string[] = [];
const dirs = findI18nDirs(root);
for (const dir of dirs) {
  const catalogs = locales.map((locale) => {
    const file = join(dir, `${locale}.json`);
    try {
      return { locale, keys: flatten(JSON.parse(readFileSync(file, 'utf8'))) };
    } catch (error) {
      problems.push(`${relative(root, file)}: ${(error as Error).message}`);
      return { locale, keys: new Map<string, unknown>() };
    }
  });
  const all = new Set(catalogs.flatMap((c) => [...c.keys.keys()]));
  for (const { locale, keys } of catalogs) {
    for (const key of all) {
      if (!keys.has(key)) problems.push(`${relative(root, dir)}/${locale}.json: missing "${key}"`);
      else if (typeof keys.get(key) !== 'string' || keys.get(key) === '')
        problems.push(`${relative(root, dir)}/${locale}.json: "${key}" is empty or not text`);
    }
  }
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length} problems):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${dirs.length} catalogs × ${locales.length} locales`);
