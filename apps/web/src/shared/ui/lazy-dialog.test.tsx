import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyRoute } from './lazy-dialog.tsx';

describe('lazyRoute', () => {
  it('renders a preloaded component in the first render, without its Suspense fallback', async () => {
    const Page = lazyRoute(() => Promise.resolve(({ name }: { name: string }) => <p>page of {name}</p>));
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Formosa" />
      </Suspense>,
    );
    expect(screen.getByText('page of Formosa')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('loads on first render otherwise, once, showing the fallback meanwhile', async () => {
    let loads = 0;
    const Page = lazyRoute(() => {
      loads += 1;
      return Promise.resolve(() => <p>the page</p>);
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
    await Page.preload();
    expect(loads).toBe(1);
  });
});
