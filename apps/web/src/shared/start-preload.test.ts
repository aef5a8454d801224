import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstDataSettled, prefetchAtStart, prefetchCodeAtStart } from './start-preload.ts';

const later = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('firstDataSettled (what comes after the first paint waits for it: main.tsx)', () => {
  it('waits for the start requests and for the code a start page shows with them (the first-run guide)', async () => {
    const queryClient = new QueryClient();
    let code = false;
    prefetchAtStart(queryClient, { queryKey: ['guide'], queryFn: () => later(10, { status: 'open' }) });
    // Registered once the state answered, as the home page's preload does: the request alone would settle first.
    prefetchCodeAtStart(queryClient.fetchQuery({ queryKey: ['guide'], queryFn: () => later(10, { status: 'open' }) }).then(() => later(60, undefined)).then(() => (code = true)));
    await firstDataSettled(queryClient, 2000);
    expect(code).toBe(true);
    expect(queryClient.isFetching()).toBe(0);
  });

  it('a failed load does not hold the page for good', async () => {
    const queryClient = new QueryClient();
    prefetchCodeAtStart(Promise.reject(new Error('chunk failed')));
    const started = Date.now();
    await firstDataSettled(queryClient, 2000);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
