import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ownerFilterIds } from './owner-filter.ts';
import { OrganizationUserOption } from './components/organization-user-select.tsx';
import { TransferOwnerButton } from './components/transfer-owner-button.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('owner filter', () => {
  it('maps all / mine / a user to advanceFilter.owner', () => {
    expect(ownerFilterIds('all', 'me')).toEqual({});
    expect(ownerFilterIds('mine', 'me')).toEqual({ owner: ['me'] });
    expect(ownerFilterIds('mine', undefined)).toEqual({});
    expect(ownerFilterIds('u2', 'me')).toEqual({ owner: ['u2'] });
  });
});

describe('transfer owner', { timeout: 20_000 }, () => {
  it('opens a dialog with the user picker; nothing is sent until a user is chosen', async () => {
    const calls = stubApi({ '/organizations/users': { users: [] } });
    const onTransfer = vi.fn(async () => undefined);
    renderWithProviders(<TransferOwnerButton orgId="o1" count={3} size="small" onTransfer={onTransfer} />);
    fireEvent.click(screen.getByRole('button', { name: /Transfer owner \(3\)/ }));
    expect(await screen.findByText('Transfer the owner of 3 records')).toBeTruthy();
    expect(screen.getByLabelText('New owner')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Transfer' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(onTransfer).not.toHaveBeenCalled();
    expect(calls.some((call) => call.startsWith('/api/organizations/users?') && call.includes('state=open'))).toBe(true);
  });
});

describe('user option', () => {
  it('shows a built-in role as its translated name and a custom role by its name', () => {
    const userInfo = { firstWord: 'M', name: 'Mei Chang', email: 'mei@example.com', avatar: null };
    renderWithProviders(
      <>
        <OrganizationUserOption user={{ userId: 'u1', userInfo, role: { id: null, name: 'member', builtIn: 'member' } }} />
        <OrganizationUserOption user={{ userId: 'u2', userInfo, role: { id: 'r1', name: 'Closer', builtIn: null } }} />
      </>,
    );
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.queryByText('member')).toBeNull();
    expect(screen.getByText('Closer')).toBeTruthy();
  });
});
