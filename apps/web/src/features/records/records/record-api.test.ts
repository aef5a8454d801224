import { describe, expect, it } from 'vitest';
import { contactKeys, noteKeys } from '../query-keys.ts';
import { isAboutRecords } from './record-api.ts';

describe('after a delete, the deleted record is not fetched again (issue 21: two 404s in the console)', () => {
  const orgId = '9d1c1a7e-0000-4000-8000-000000000001';
  const gone = '9d1c1a7e-0000-4000-8000-0000000000aa';
  const kept = '9d1c1a7e-0000-4000-8000-0000000000bb';

  it("leaves out the deleted record's view, edit form, notes and timeline", () => {
    expect(isAboutRecords(contactKeys.view(orgId, gone), [gone])).toBe(true);
    expect(isAboutRecords(contactKeys.detail(orgId, gone), [gone])).toBe(true);
    expect(isAboutRecords(noteKeys.timeline(orgId, 'contact', gone), [gone])).toBe(true);
  });

  it('still refreshes the lists and the other records', () => {
    expect(isAboutRecords(contactKeys.all(orgId), [gone])).toBe(false);
    expect(isAboutRecords(contactKeys.view(orgId, kept), [gone])).toBe(false);
    expect(isAboutRecords(contactKeys.view(orgId, gone), [])).toBe(false);
  });
});
