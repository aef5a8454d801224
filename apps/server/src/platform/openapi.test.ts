import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { contractEndpoints } from '../test/contract-endpoints.ts';
import { sdkTypeFiles } from '../test/sdk-types.ts';

const operationsFile = path.join(import.meta.dirname, 'openapi-operations.txt');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
  let docFile: string;
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    docFile = process.env.OPENAPI_OUT ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-openapi-')), 'openapi.json');
    fs.writeFileSync(docFile, JSON.stringify(doc, null, 2));
  });
  afterAll(() => t.close());

  it('names every operation: a unique operationId and an English summary', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter((operation) => !operation.summary?.trim())).toEqual([]);
  });

  it('documents the success answer of every raw endpoint (files, redirects, acknowledgements)', () => {
    const undocumented = contractEndpoints().filter((endpoint) => endpoint.response === 'raw' && !endpoint.rawAnswer);
    expect(undocumented.map((endpoint) => `${endpoint.tag}.${endpoint.name}`)).toEqual([]);
  });

  it("has no error under Redocly's recommended rules (the CLI, as a user runs it)", async () => {
    const config = path.join(path.dirname(docFile), 'redocly.yaml');
    fs.writeFileSync(config, 'extends:\n  - recommended\n');
    const cli = path.join(import.meta.dirname, '../../../../node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', docFile, '--config', config, '--format=json', '--max-problems=1000'], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] }).problems;
    const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('is the document the SDK is typed from (packages/sdk/src/schema/; npm run sdk:generate rewrites it)', { timeout: 120_000 }, async () => {
    const folder = path.join(import.meta.dirname, '../../../../packages/sdk/src/schema');
    const files = await sdkTypeFiles(doc);
    if (process.env.SDK_GENERATE) {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.mkdirSync(folder, { recursive: true });
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
    }
    const stale = [...new Set([...fs.readdirSync(folder), ...Object.keys(files)])].filter(
      (name) => !fs.existsSync(path.join(folder, name)) || fs.readFileSync(path.join(folder, name), 'utf8') !== files[name],
    );
    expect(stale, 'the SDK is stale: run npm run sdk:generate').toEqual([]);
  });

  it("has no error under Spectral's spectral:oas ruleset", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new spectralCore.Document(JSON.stringify(doc), spectralParsers.Json, docFile));
    const errors = results.filter((result) => result.severity === 0).map((result) => `${result.code} ${result.path.join('/')}`);
    expect(errors).toEqual([]);
  });

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
