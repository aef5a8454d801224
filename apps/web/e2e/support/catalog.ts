import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The UI's own zh-TW strings (journeys run in the default language), so selectors follow the copy
 * instead of repeating it.
 */
export function catalog(namespace: string): (key: string, values?: Record<string, string>) => string {
  const file = namespace === 'common' ? join('shared', 'i18n', 'zh-TW.json') : join('features', namespace, 'i18n', 'zh-TW.json');
  const data = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', file), 'utf8')) as Record<string, unknown>;
  return (key, values = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
    if (typeof found !== 'string') throw new Error(`No zh-TW string ${namespace}:${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}
