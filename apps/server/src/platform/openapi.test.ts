import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import * as contract from '@lodestar/contract';
import type { Endpoint } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/** Every endpoint group the contract exports (`tagsEndpoints`, …). */
export function contractEndpoints(): Endpoint[] {
  return Object.entries(contract)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));
}

const operationsFile = path.join(import.meta.dirname, 'openapi-operations.txt');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it('is valid for standard tools (every $ref resolves)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('lists exactly the operations of openapi-operations.txt (the public API surface)', () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`))
      .sort();
    const expected = fs.readFileSync(operationsFile, 'utf8').trim().split('\n').sort();
    expect(operations).toEqual(expected);
  });

  it('serves every endpoint the contract defines, at its method and path', () => {
    const endpoints = contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(0);
    for (const endpoint of endpoints) {
      const url = `/api${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
      expect(doc.paths[url]?.[endpoint.method.toLowerCase()], `${endpoint.tag}.${endpoint.name} ${endpoint.method} ${url}`).toBeDefined();
    }
  });
});
