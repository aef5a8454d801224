import { describe, expect, it } from 'vitest';
import { scheduleCreateBodySchema } from '@lodestar/contract';
import { logActivityBody, pointsOf } from './log-activity.ts';

const phone = { id: '0190c1f4-0000-7000-8000-000000000001', name: 'Phone', point: 5, targetNum: 0 };
const visit = { id: '0190c1f4-0000-7000-8000-000000000002', name: 'Visit', point: 10, targetNum: 0 };

describe('logActivityBody', () => {
  it('is a schedule completed at this minute with the picked items, linked to the client', () => {
    const body = logActivityBody({
      items: [phone, visit],
      note: '  met at the office ',
      links: { client: { id: '0190c1f4-0000-7000-8000-0000000000aa', name: 'Wang' } },
      now: new Date(2026, 11, 5, 9, 7),
      separator: ', ',
    });
    expect(body).toMatchObject({
      title: 'Phone, Visit',
      startDate: '2026-12-05',
      startDateTime: '09:07',
      endDate: '2026-12-05',
      endDateTime: '09:07',
      complete: true,
      taskNote: 'met at the office',
      activity: [phone.id, visit.id],
      client: { id: '0190c1f4-0000-7000-8000-0000000000aa', name: 'Wang' },
    });
    expect(scheduleCreateBodySchema.safeParse(body).success).toBe(true);
    expect(pointsOf([phone, visit])).toBe(15);
  });

  it('leaves an empty note and missing links out', () => {
    const body = logActivityBody({ items: [phone], note: ' ', links: {}, now: new Date(), separator: '、' });
    expect(body.taskNote).toBeUndefined();
    expect(body.client).toBeUndefined();
    expect(body.deal).toBeUndefined();
  });
});
