import { afterEach, describe, expect, it } from 'vitest';
import { applyAntdStaticStyles } from './antd-static-styles.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('antd static styles', () => {
  it('applies the preloaded sheet before the app stylesheet and waits for it', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/entry-1.css"><link rel="preload" as="style" href="/assets/antd-1.css" data-antd-styles>';
    let done = false;
    const applied = applyAntdStaticStyles().then(() => (done = true));
    const sheets = [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));
    expect(sheets).toEqual([`${window.location.origin}/assets/antd-1.css`, '/assets/entry-1.css']);
    await Promise.resolve();
    expect(done).toBe(false);
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    await applied;
    expect(done).toBe(true);
  });

  it('does nothing without the preload (a sign-in page), and does not wait forever for a sheet that never arrives', async () => {
    await applyAntdStaticStyles();
    expect(document.head.querySelectorAll('link').length).toBe(0);
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/antd-1.css" data-antd-styles>';
    await applyAntdStaticStyles(10);
    expect(document.head.querySelectorAll('link[rel="stylesheet"]').length).toBe(1);
  });
});
