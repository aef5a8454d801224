import * as contract from '@lodestar/contract';
import type { Endpoint } from '@lodestar/contract';

/** Every endpoint group the contract exports (`tagsEndpoints`, …). */
export function contractEndpoints(): Endpoint[] {
  return Object.entries(contract)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));
}
