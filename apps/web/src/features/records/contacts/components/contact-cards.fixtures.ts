import { contactTextFields, type ContactRow } from '@lodestar/contract';

/**
 * Contact rows for the card list's tests (contact-cards.test.tsx): record data as a Taiwanese team types it — a
 * Chinese name and company beside a Latin one — kept in a data module, apart from the components' code.
 */
const row = (id: string, name: string, extra: Partial<ContactRow> = {}): ContactRow => ({
  id, name, firstName: name, lastName: '',
  ...(Object.fromEntries(contactTextFields.map((key) => [key, null])) as Record<(typeof contactTextFields)[number], null>),
  phones: [], emails: [], companyId: null, companyName: null, ownerUserId: null, ownerName: null, tags: [], isImportant: false,
  lastContactAt: null, avatarUrl: null, dynamicFields: {}, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

export const rows = [
  row('c1', '陳美玲', {
    phones: [{ value: '0912-345-678', type: 'mobile' }],
    emails: [{ value: 'meiling@example.com' }],
    companyId: 'co1',
    companyName: '台灣精密',
    ownerName: 'Grace',
    tags: [{ id: 't1', name: 'VIP', color: '#d4380d' }],
    isImportant: true,
  }),
  row('c2', 'Ada Lovelace'),
];

/** The first row, the one with every line of a card filled. */
export const meiling = rows[0]!;
