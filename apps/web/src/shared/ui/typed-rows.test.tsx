import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { renderWithProviders } from '../../test/render.tsx';
import { TypedRows } from './typed-rows.tsx';

function PhoneForm() {
  return (
    <Form>
      <TypedRows name="phones" label="Phone" types={[{ value: 'mobile', label: 'Mobile' }, { value: 'home', label: 'Home' }]} addLabel="Add phone" />
    </Form>
  );
}

describe('TypedRows (docs/product.md#validation)', () => {
  it('shows the add button only once the first row has a value, and never a remove button on the first row', async () => {
    renderWithProviders(<PhoneForm />);
    const first = await screen.findByLabelText('Phone 1');
    expect(screen.queryByRole('button', { name: 'Add phone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Phone 1' })).toBeNull();

    fireEvent.change(first, { target: { value: '0912345678' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add phone' }));
    expect(await screen.findByLabelText('Phone 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Phone 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Phone 1' })).toBeNull();

    // With two rows the add button stays even when the first row is emptied again.
    fireEvent.change(first, { target: { value: '' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add phone' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone 2' }));
    await waitFor(() => expect(screen.queryByLabelText('Phone 2')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add phone' })).toBeNull();
  });
});
