import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.ts';
import { fillPath, pathParamNames, type Endpoint } from './endpoint.ts';

const all = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));

describe('endpoint definitions', () => {
  it('name each path parameter in their params schema, and nothing else', () => {
    for (const endpoint of all) {
      const keys = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(keys, `${endpoint.tag}.${endpoint.name}`).toEqual(pathParamNames(endpoint.path).sort());
    }
  });

  it('have one method and path each', () => {
    const seen = all.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('fill paths with encoded values', () => {
    expect(fillPath('/tags/:kind/:id', { kind: 'customer', id: 'a/b' })).toBe('/tags/customer/a%2Fb');
    expect(() => fillPath('/tags/:kind', {})).toThrow(/kind/);
  });
});
