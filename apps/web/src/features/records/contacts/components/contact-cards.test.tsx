import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ContactCards } from './contact-cards.tsx';
import { meiling, rows } from './contact-cards.fixtures.ts';

describe('ContactCards', () => {
  it('lists each contact with a link to call, to write, to its company, its owner and tags', async () => {
    renderWithProviders(<ContactCards orgId="o1" rows={rows} loading={false} selected={[]} onSelect={() => {}} emptyText="none" />);
    const list = await screen.findByRole('region', { name: 'Contacts' });
    expect(within(list).queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: meiling.name }).getAttribute('href')).toBe('/o1/contact/detail/c1');
    expect(within(first!).getByRole('link', { name: '0912-345-678' }).getAttribute('href')).toBe('tel:0912345678');
    expect(within(first!).getByRole('link', { name: 'meiling@example.com' }).getAttribute('href')).toBe('mailto:meiling@example.com');
    expect(within(first!).getByRole('link', { name: meiling.companyName! }).getAttribute('href')).toBe('/o1/company/detail/co1');
    expect(within(first!).getByText('Grace')).toBeTruthy();
    expect(within(first!).getByText('VIP')).toBeTruthy();
    expect(within(first!).getByRole('img', { name: 'Important' })).toBeTruthy();
    // A contact with nothing but a name: no empty lines, no dead links.
    expect(within(second!).getAllByRole('link')).toHaveLength(1);
  });

  it('selects by each card\'s named checkbox and by "Select all", feeding the same ids as the table', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<ContactCards orgId="o1" rows={rows} loading={false} selected={['c2']} onSelect={onSelect} emptyText="none" />);
    fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${meiling.name}` }));
    expect(onSelect).toHaveBeenLastCalledWith(['c2', 'c1']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    expect(onSelect).toHaveBeenLastCalledWith([]);
    // One of two is ticked ('c2'): "Select all" is half-checked, and a tap takes both.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onSelect).toHaveBeenLastCalledWith(['c1', 'c2']);
  });

  it('clears only the cards shown with "Select all", keeping a selection made elsewhere', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<ContactCards orgId="o1" rows={rows} loading={false} selected={['elsewhere', 'c1', 'c2']} onSelect={onSelect} emptyText="none" />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(onSelect).toHaveBeenLastCalledWith(['elsewhere']);
  });

  it('shows placeholder cards while the first page loads, then the empty state', async () => {
    renderWithProviders(<ContactCards orgId="o1" rows={[]} loading selected={[]} onSelect={() => {}} emptyText="No contacts yet" />);
    const list = await screen.findByRole('region', { name: 'Contacts' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.querySelectorAll('.record-card--placeholder')).toHaveLength(3);
    expect(screen.queryByText('No contacts yet')).toBeNull();
  });

  it('says the empty state when nothing matches', async () => {
    renderWithProviders(<ContactCards orgId="o1" rows={[]} loading={false} selected={[]} onSelect={() => {}} emptyText="No contacts yet" />);
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
