import { describe, expect, it } from 'vitest';
import type { CardTheme } from '@lodestar/contract';
import { renderBusinessCard } from './business-card.ts';

const theme: CardTheme = { id: 'harbor', minPlan: 'free', dark: false, layout: 'banner', font: 'sans', colors: { page: '#eee', card: '#fff', text: '#111', muted: '#666', accent: '#0f2a44', onAccent: '#fff' } };
const labels = { phoneTypes: { mobile: 'Mobile' }, email: 'Email', address: 'Address', line: 'LINE', video: 'Video' };

describe('the business card renderer', () => {
  it('escapes every value and links phones, e-mail, LINE and links', () => {
    const html = renderBusinessCard({
      name: '<b>王小明</b>',
      card: { title: '"經理"', company: 'A & B', phones: [{ value: '0912-345-678', type: 'mobile' }], email: 'a@b.tw', address: null, links: [{ label: '', url: 'https://example.tw/x' }], intro: '<script>', videoUrl: null, lineId: '@ming' },
      theme,
      photoUrl: null,
      labels,
    });
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;b&#62;王小明');
    expect(html).toContain('A &#38; B');
    expect(html).toContain('href="tel:0912345678"');
    expect(html).toContain('href="mailto:a@b.tw"');
    expect(html).toContain('https://line.me/R/ti/p/%40ming');
    expect(html).toContain('>example.tw<');
    expect(html).toContain('bcard--banner');
  });
});
