import { describe, expect, it } from 'vitest';
import { displayHtml } from './email-body.tsx';

describe("an e-mail's HTML on the page", () => {
  it('blocks remote images and URL-loading styles until the viewer asks', () => {
    const html = '<p style="background:url(https://t.example/b.png)">Hi</p><img src="https://tracker.example/p.gif" alt=""><img src="data:image/png;base64,AA==" alt="">';
    const blocked = displayHtml(html, false);
    expect(blocked.blocked).toBe(2);
    expect(blocked.html).not.toMatch(/\ssrc="https:|url\(/);
    expect(blocked.html).toContain('data-blocked-src="https://tracker.example/p.gif"');
    expect(blocked.html).toContain('src="data:image/png;base64,AA=="');
    expect(displayHtml(html, true)).toEqual({ html, blocked: 0 });
  });
});
