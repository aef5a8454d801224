/**
 * Fails when the three locale catalogs of any i18n folder under apps/web/src differ in keys,
 * or when a value is empty. Catalogs live in trios: <dir>/i18n/{zh-TW,zh-CN,en-US}.json.
 * Also fails when any catalog uses a forbidden synonym of a concept
 * (packages/contract/src/platform/preferred-terms.ts: one word per concept in each language).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findForbiddenTerms, locales } from '@lodestar/contract';

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

/**
 * Every catalog is checked (a record page's deals section words a deal too). Where 失敗 / failed is a payment's or a
 * send's outcome, never a deal's, the lost-deal word is not looked for.
 */
const notDealOutcomes = ['features/billing/subscription', 'features/shell/outbox', 'features/access/webhooks', 'features/imports/backups'].map((path) => join(root, path));
// The import screen's own word for a row that could not be imported is not a deal's status.
const termExceptions = new Set(['features/imports/imports/failed', 'features/imports/imports/failedFile', 'features/imports/imports/status.failed']);

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
  const feature = relative(root, join(dir, '..'));
  const lostIsDeal = !notDealOutcomes.some((scope) => dir.startsWith(scope));
  for (const { locale, keys } of catalogs) {
    for (const [key, value] of keys) {
      if (typeof value !== 'string' || termExceptions.has(`${feature}/${key}`)) continue;
      for (const hit of findForbiddenTerms(value, locale).filter((found) => lostIsDeal || found.concept !== 'deal lost'))
        problems.push(`${relative(root, dir)}/${locale}.json: "${key}" says "${hit.found}" for ${hit.concept}: use "${hit.preferred}"`);
    }
  }
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
