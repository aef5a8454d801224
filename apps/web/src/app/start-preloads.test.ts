import { describe, expect, it } from 'vitest';
import { startPreloads, workspacePathPattern } from '../../start-preloads.ts';

const chunk = (fileName: string, imports: string[], moduleIds: string[] = [], extra: object = {}) => ({ type: 'chunk' as const, fileName, imports, moduleIds, ...extra });

// A bundle shaped like the build's: the entry (index.html's), the frame's groups, a page facade over its groups.
const bundle = [
  chunk('assets/main.js', ['assets/react.js', 'assets/entry.js'], [], { isEntry: true, name: 'main' }),
  chunk('assets/react.js', []),
  chunk('assets/entry.js', ['assets/react.js']),
  chunk('assets/workspace-preload.js', ['assets/start-data.js', 'assets/entry.js'], ['/src/app/workspace-preload.ts']),
  chunk('assets/start-data.js', ['assets/entry.js'], ['/src/features/contacts.api.ts']),
  chunk('assets/frame.js', ['assets/react.js'], ['/src/app/antd-shell.tsx', '/src/app/org-layout.tsx']),
  chunk('assets/contact-list-page.js', ['assets/page-contacts.js', 'assets/frame.js'], [], { facadeModuleId: '/src/features/contact-list-page.tsx' }),
  chunk('assets/page-contacts.js', ['assets/frame.js'], ['/src/features/contact-list-page.tsx', '/src/features/contact-table.tsx']),
  { type: 'asset' as const, fileName: 'assets/entry.css' },
];
const workspace = { data: ['/src/app/workspace-preload.ts'], frame: ['/src/app/antd-shell.tsx', '/src/app/org-layout.tsx'] };

describe('start preloads (apps/web/start-preloads.ts)', () => {
  it("lists a start page's data, frame and page chunks in that order, without what index.html loads already", () => {
    const [contacts, anyWorkspacePage] = startPreloads(bundle, workspace, [
      { paths: ['contact/list'], page: '/src/features/contact-list-page.tsx', data: ['/src/features/contacts.api.ts'] },
    ]);
    expect(contacts).toEqual({
      path: workspacePathPattern('contact/list'),
      files: ['assets/workspace-preload.js', 'assets/start-data.js', 'assets/frame.js', 'assets/contact-list-page.js', 'assets/page-contacts.js'],
    });
    expect(anyWorkspacePage).toEqual({ path: workspacePathPattern('*'), files: ['assets/workspace-preload.js', 'assets/start-data.js', 'assets/frame.js'] });
  });

  it('matches a workspace id and the pattern, with or without a trailing slash, and nothing else', () => {
    const calendar = new RegExp(workspacePathPattern('calendar/:view/:year/:month/:day'));
    const id = '2f9c1e52-4b7a-4c1e-9d3a-6a1f0b2c3d4e';
    expect(calendar.test(`/${id}/calendar/week/2026/11/29`)).toBe(true);
    expect(calendar.test(`/${id}/calendar/week/2026/11/29/`)).toBe(true);
    expect(calendar.test(`/${id}/calendar`)).toBe(false);
    expect(calendar.test('/org/calendar/week/2026/11/29')).toBe(false);
    expect(new RegExp(workspacePathPattern('*')).test(`/${id}/index`)).toBe(true);
    expect(new RegExp(workspacePathPattern('*')).test('/org/create')).toBe(false);
  });

  it('fails the build when a listed module is in no chunk', () => {
    expect(() => startPreloads(bundle, workspace, [{ paths: ['deal/list'], page: '/src/features/deal-list-page.tsx', data: [] }])).toThrow(/no chunk holds/);
  });
});
