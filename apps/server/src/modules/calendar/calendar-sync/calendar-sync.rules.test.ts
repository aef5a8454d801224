import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../config.ts';
import { createSecrets, loadEncryptionKey } from '../../../platform/secrets.ts';
import { fromGoogleEvent, toGoogleEvent } from './calendar-sync.google.ts';
import { escapeText, foldLine } from './calendar-sync.ics.ts';
import { fromGraphRecurrence, toGraphRecurrence } from './calendar-sync.outlook.ts';
import { instantOf, wallClock, type SyncEvent } from './calendar-sync.providers.ts';
import { backoffSeconds } from './calendar-sync.service.ts';

const weekly: SyncEvent = {
  title: 'Visit',
  note: null,
  location: null,
  allDay: false,
  startDate: '2026-03-02',
  startTime: '09:00',
  endDate: '2026-03-02',
  endTime: '10:00',
  timeZone: 'America/New_York',
  rrule: 'FREQ=WEEKLY;UNTIL=20260330T235959',
  cancelledDates: ['2026-03-16'],
  moved: [],
  edited: [],
};

describe('secrets at rest', () => {
  it('AES-256-GCM: round trip, a fresh nonce each time, tampering detected', () => {
    const secrets = createSecrets(Buffer.alloc(32, 1));
    const a = secrets.encrypt('ya29.token');
    const b = secrets.encrypt('ya29.token');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\./);
    expect(secrets.decrypt(a)).toBe('ya29.token');
    const parts = a.split('.');
    parts[3] = Buffer.from('something else').toString('base64url');
    expect(() => secrets.decrypt(parts.join('.'))).toThrow();
    expect(() => createSecrets(Buffer.alloc(32, 2)).decrypt(a)).toThrow();
    expect(secrets.verify('state', secrets.sign('state'))).toBe(true);
    expect(secrets.verify('state2', secrets.sign('state'))).toBe(false);
  });

  it('without ENCRYPTION_KEY a key file is created once under DATA_DIR and reused', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-key-'));
    const first = loadEncryptionKey({ encryptionKey: undefined, dataDir });
    const second = loadEncryptionKey({ encryptionKey: undefined, dataDir });
    expect(first.equals(second)).toBe(true);
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'encryption.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true });
  });
});

describe('configuration', () => {
  it('ENCRYPTION_KEY must be 32 bytes; provider URLs are configurable; no client id = not configured', () => {
    const bad = parseConfig({ ENCRYPTION_KEY: 'short' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toContain('ENCRYPTION_KEY');
    const hex = parseConfig({ ENCRYPTION_KEY: 'ab'.repeat(32), MICROSOFT_LOGIN_URL: 'http://127.0.0.1:9/ms/', GOOGLE_API_URL: 'http://127.0.0.1:9/g/' });
    expect(hex.ok && hex.config.encryptionKey?.length).toBe(32);
    expect(hex.ok && hex.config.outlook.tokenUrl).toBe('http://127.0.0.1:9/ms/oauth2/v2.0/token');
    expect(hex.ok && hex.config.google.apiUrl).toBe('http://127.0.0.1:9/g');
    expect(hex.ok && hex.config.google.clientId).toBeUndefined();
  });
});

describe('ICS text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'行'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('times across a DST change (America/New_York, 2026-03-08)', () => {
  it('wall clock ↔ instant', () => {
    expect(instantOf('2026-03-02T09:00:00', 'America/New_York').toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(instantOf('2026-03-09T09:00:00', 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(wallClock(new Date('2026-03-09T13:00:00Z'), 'America/New_York')).toBe('2026-03-09T09:00:00');
    expect(instantOf('2026-11-23T09:00:00', 'Asia/Taipei').toISOString()).toBe('2026-11-23T01:00:00.000Z');
  });

  it('Google: zoned start, UNTIL in UTC, EXDATE with TZID; and back to the floating rule', () => {
    const body = toGoogleEvent(weekly);
    expect(body.start).toEqual({ dateTime: '2026-03-02T09:00:00', timeZone: 'America/New_York' });
    expect(body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;UNTIL=20260331T035959Z', 'EXDATE;TZID=America/New_York:20260316T090000']);
    expect(body).toMatchObject({ visibility: 'private', attendees: [] });
    const back = fromGoogleEvent({ id: 'x', ...body } as never);
    expect(back).toEqual(weekly);
  });

  it('Graph: recurrence pattern and range both ways', () => {
    expect(toGraphRecurrence(weekly)).toEqual({
      pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'], firstDayOfWeek: 'sunday' },
      range: { type: 'endDate', startDate: '2026-03-02', endDate: '2026-03-30', recurrenceTimeZone: 'America/New_York' },
    });
    expect(fromGraphRecurrence(toGraphRecurrence(weekly))).toBe('FREQ=WEEKLY;UNTIL=20260330T235959');
    expect(fromGraphRecurrence(toGraphRecurrence({ ...weekly, startDate: '2026-01-31', rrule: 'FREQ=MONTHLY;INTERVAL=2;COUNT=4' }))).toBe('FREQ=MONTHLY;INTERVAL=2;COUNT=4');
  });
});

describe('push retries', () => {
  it('back off exponentially from 30 s, capped at an hour', () => {
    expect([0, 1, 2, 3, 10].map(backoffSeconds)).toEqual([30, 60, 120, 240, 3600]);
  });
});
