import { describe, expect, it } from 'vitest';
import { downloadHeaders, pickPart } from './mailboxes.attachments.ts';
import { excerptOf } from './mailboxes.search.ts';

describe('a download of an attachment', () => {
  it('is always an attachment, with the UTF-8 name (RFC 5987) and an ASCII fallback without quotes or line breaks', () => {
    const headers = downloadHeaders('報價單 "final"\r\nX-Evil: 1.pdf', 'application/pdf');
    expect(headers['content-disposition']).toBe(`attachment; filename="___ _final___X-Evil: 1.pdf"; filename*=UTF-8''${encodeURIComponent('報價單 _final___X-Evil: 1.pdf')}`);
    expect(headers['content-disposition']).not.toMatch(/[\r\n]/);
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps only a plain type/subtype as the content type, and names a nameless file', () => {
    expect(downloadHeaders('a.html', 'text/html')['content-type']).toBe('text/html');
    expect(downloadHeaders('a', 'text/html; charset=utf-8\r\nSet-Cookie: x')['content-type']).toBe('application/octet-stream');
    expect(downloadHeaders('', '')['content-disposition']).toContain('filename="attachment"');
    expect(downloadHeaders("it's (1)*.txt", 'text/plain')['content-disposition']).toContain("filename*=UTF-8''it%27s%20%281%29%2A.txt");
  });

  it('finds the provider\'s part by its name, else by its place', () => {
    const parts = [{ name: 'a.txt' }, { name: '報價單.pdf' }];
    expect(pickPart(parts, (p) => p.name, { filename: '報價單.pdf', contentType: 'application/pdf', size: 1 }, 0)).toBe(parts[1]);
    expect(pickPart(parts, (p) => p.name, { filename: 'renamed.pdf', contentType: 'application/pdf', size: 1 }, 1)).toBe(parts[1]);
    expect(pickPart(parts, (p) => p.name, { filename: '', contentType: 'text/plain', size: 1 }, 0)).toBe(parts[0]);
    expect(pickPart(parts, (p) => p.name, { filename: 'x', contentType: 'text/plain', size: 1 }, 5)).toBeUndefined();
  });
});

describe('a search hit\'s excerpt', () => {
  it('is the text around the first match on one line, marked where cut; null when only the subject matched', () => {
    const text = `${'前言。'.repeat(30)}\n請提供春茶的報價。\n${'後記。'.repeat(40)}`;
    const excerpt = excerptOf(text, '春茶')!;
    expect(excerpt).toContain('請提供春茶的報價');
    expect(excerpt.startsWith('…') && excerpt.endsWith('…')).toBe(true);
    expect(excerpt).not.toContain('\n');
    expect(excerptOf('short body', 'subject-only')).toBeNull();
    expect(excerptOf(null, 'x')).toBeNull();
  });
});
