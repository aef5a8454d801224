import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { CalendarSyncAccount } from '@lodestar/contract';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ProviderCard, type ProviderCardProps } from './provider-card.tsx';

const account: CalendarSyncAccount = {
  id: '00000000-0000-4000-8000-000000000001',
  provider: 'google',
  email: 'sales@example.com',
  displayName: 'Sam Sales',
  syncType: 'twoWay',
  calendarIds: ['work'],
  status: 'error',
  lastSyncedAt: null,
  lastError: 'GET /calendar/v3/... answered 401',
  pendingChanges: 2,
  connectedAt: '2026-11-23T00:00:00.000Z',
};

function props(overrides: Partial<ProviderCardProps> = {}): ProviderCardProps {
  return {
    provider: 'google',
    configured: true,
    account,
    calendars: [
      { id: 'work', name: 'Work', primary: true, selected: true },
      { id: 'family', name: 'Family', primary: false, selected: false },
    ],
    calendarsLoading: false,
    busy: { connect: false, sync: false },
    onConnect: vi.fn(),
    onChooseCalendars: vi.fn(),
    onSyncType: vi.fn(),
    onSyncNow: vi.fn(),
    onDisconnect: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

describe('ProviderCard', { timeout: 20_000 }, () => {
  it('says when the server has no client for the provider', () => {
    renderWithProviders(<ProviderCard {...props({ configured: false, account: null })} />);
    expect(screen.getByText('Google Calendar sync is not available on this server yet. Ask your administrator to set it up.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
  });

  it('offers to connect when configured and not connected', () => {
    const onConnect = vi.fn();
    renderWithProviders(<ProviderCard {...props({ account: null, onConnect })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Google Calendar' }));
    expect(onConnect).toHaveBeenCalled();
  });

  it('shows the account, its error and queue, and chooses calendars', () => {
    const onChooseCalendars = vi.fn();
    renderWithProviders(<ProviderCard {...props({ onChooseCalendars })} />);
    expect(screen.getByText('sales@example.com')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('Changes waiting to be sent: 2')).toBeTruthy();
    expect(screen.getByText('GET /calendar/v3/... answered 401')).toBeTruthy();
    expect(screen.getByText('Not yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Family' }));
    expect(onChooseCalendars).toHaveBeenCalledWith(['work', 'family']);
    expect(screen.getByLabelText('Sync direction')).toBeTruthy();
  });
});
