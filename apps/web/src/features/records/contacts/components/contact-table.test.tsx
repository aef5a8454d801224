import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { contactTextFields, recordFieldTitle, type ContactRow } from '@lodestar/contract';
import { stubApi } from '../../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ContactTable } from './contact-table.tsx';

afterEach(() => vi.unstubAllGlobals());

const title = (key: string) => recordFieldTitle('en-US', 'contact', key)!;
const row: ContactRow = {
  id: 'c1', name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace',
  ...(Object.fromEntries(contactTextFields.map((key) => [key, null])) as Record<(typeof contactTextFields)[number], null>),
  nickName: 'Countess', phones: [{ value: '0912-345-678', type: 'mobile' }], emails: [], companyId: null, companyName: null,
  ownerUserId: null, ownerName: 'Grace', tags: [], isImportant: false, lastContactAt: null, avatarUrl: null, dynamicFields: {},
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

async function headers(): Promise<string[]> {
  const table = await screen.findByRole('table');
  await screen.findByText(title('nickName'));
  return within(table).getAllByRole('columnheader').map((cell) => cell.textContent ?? '').filter(Boolean);
}

describe('ContactTable', () => {
  it('takes its columns from the field list, in the saved order: a text field shows once the workspace turns it on', async () => {
    stubApi({
      '/customerFieldSetting': {
        columns: [
          { key: 'nickName', isShow: true },
          { key: 'phones', isShow: true },
          { key: 'owner', isShow: true },
          { key: 'email', isShow: false },
        ],
      },
    });
    renderWithProviders(<ContactTable orgId="o1" rows={[row]} loading={false} selected={[]} onSelect={() => {}} emptyText="none" />);
    // The name column first, then the saved columns with the field list's titles; unsaved ones stay hidden.
    expect(await headers()).toEqual(['Name', title('nickName'), title('phone'), title('owner')]);
  });
});
