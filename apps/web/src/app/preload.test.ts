import { describe, expect, it } from 'vitest';
import { calendarRange, parseCalendarPlace } from '../features/calendar/schedules/calendar-route.ts';
import { planPreload } from './preload.ts';

const orgId = '0b6f3c1e-7d2a-4f4e-9a51-2c8e5d7f9a10';
const names = (pathname: string, token: string | null = 'token') => planPreload(pathname, token).steps.map((step) => step.name);

describe('the start preload map (app/preload.ts)', () => {
  it('fetches the shell, the layout, the workspace, the page and its first data of the pages it knows', () => {
    // Data first (their small modules must not queue behind the chunks on HTTP/1.1's six connections).
    const page = (data: string, chunk: string) => ['workspace', data, 'antd-shell', 'org-layout', chunk];
    expect(names(`/${orgId}/contact/list`)).toEqual(page('contact-list', 'contact-list-page'));
    expect(names(`/${orgId}/deal/list`)).toEqual(page('deal-board', 'deal-list-page'));
    expect(names(`/${orgId}/calendar`)).toEqual(page('calendar', 'calendar-page'));
    expect(names(`/${orgId}/calendar/month/2026/11/25/`)).toEqual(page('calendar', 'calendar-page'));
    expect(planPreload(`/${orgId}/calendar/month/2026/11/25`, 't')).toMatchObject({ orgId, params: { view: 'month', year: '2026', month: '11', day: '25' } });
  });

  it('fetches the shell, the layout and the workspace for other workspace pages, the shell alone elsewhere', () => {
    expect(names(`/${orgId}/company/list`)).toEqual(['workspace', 'antd-shell', 'org-layout']);
    expect(names(`/${orgId}/contact/detail/42`)).toEqual(['workspace', 'antd-shell', 'org-layout']);
    expect(names('/account/profile')).toEqual(['antd-shell']);
    expect(names('/org/redirect')).toEqual(['antd-shell']);
  });

  it('fetches nothing without a token, and nothing on a sign-in page', () => {
    expect(names(`/${orgId}/contact/list`, null)).toEqual([]);
    expect(names(`/${orgId}/calendar`, null)).toEqual([]);
    expect(names('/member/login')).toEqual([]);
    expect(names('/member/signup', null)).toEqual([]);
  });
});

describe('the calendar dates an address shows (what the page and the preload ask for, as FullCalendar draws them)', () => {
  const range = (view: string, date: string, firstDay: 0 | 1) => {
    const [year, month, day] = date.split('-');
    return calendarRange(parseCalendarPlace({ view, year, month, day }), firstDay);
  };
  it('a day, a week from Sunday (zh-TW, English) or Monday (zh-CN), a month as six weeks', () => {
    expect(range('day', '2026-11-25', 0)).toEqual({ start: '2026-11-25', end: '2026-11-25' });
    expect(range('week', '2026-11-25', 0)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(range('week', '2026-11-22', 1)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(range('month', '2026-11-25', 0)).toEqual({ start: '2026-11-01', end: '2026-12-12' });
    expect(range('month', '2026-12-31', 1)).toEqual({ start: '2026-11-30', end: '2027-01-10' });
  });
});
