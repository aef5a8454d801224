/**
 * The contract's endpoint tables without their zod schemas, in the web build (apps/web/README.md "First load",
 * issue 21).
 *
 * The web reads an endpoint's method, path, access and body kind only (shared/call.ts): it never parses a request or an
 * answer with the endpoint's schemas (the server validates both, and its answers are typed by the same contract). Yet
 * importing `contactsEndpoints` evaluated every schema the table names, and zod with them — ~40 KB of gzipped
 * JavaScript before any signed-in page could ask for its data. In the build, each `*.endpoints.ts` module of the
 * contract becomes its tables as plain data, computed from the real module (so nothing is written twice): what the
 * web imports from it is the same object minus the schemas. Forms that validate with a schema import it from the
 * schema's own module (e.g. `companySaveBodySchema`), which is untouched. Types still come from the source, so
 * `call()` stays typed by the schemas; tests and the dev server use the source as it is.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const endpointsModule = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.endpoints\.ts$/;
const contractIndex = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

/** An endpoint (an object with a method and a path) keeps its plain values; a table of them (or of tables) is walked. */
export function withoutSchemas(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const isEndpoint = 'method' in value && 'path' in value;
  return Object.fromEntries(
    isEndpoint ? entries.filter(([, field]) => typeof field !== 'object' && typeof field !== 'function') : entries.map(([key, field]) => [key, withoutSchemas(field)]),
  );
}

export function endpointTablesPlugin(): Plugin {
  let contract: Promise<Record<string, unknown>> | null = null;
  return {
    name: 'lodestar-endpoint-tables',
    apply: 'build',
    async load(id) {
      if (!endpointsModule.test(id)) return null;
      contract ??= tsImport(contractIndex, import.meta.url) as Promise<Record<string, unknown>>;
      const exported = await contract;
      const names = [...(await readFile(id, 'utf8')).matchAll(/^export const (\w+)/gm)].map((match) => match[1]!);
      return names
        .map((name) => {
          if (!(name in exported)) throw new Error(`${id}: ${name} is not exported by the contract's index.ts`);
          return `export const ${name} = ${JSON.stringify(withoutSchemas(exported[name]))};`;
        })
        .join('\n');
    },
  };
}
