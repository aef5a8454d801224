import { Form } from 'antd';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stage } from '@lodestar/contract';
import { renderWithProviders } from '../../../test/render.tsx';
import { DealFormFields, emptyDealValues, type DealFormValues } from './components/deal-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const choices: Stage[] = [{ id: 1, stageTypeId: 't', label: 'Lead', sort: 1, closingRate: 10, alertNotice: null, category: 'inProgress' }];

/**
 * A workspace with no products or costs yet, seen by a system administrator (who may create them): the settings
 * lists answer what was created so far, POST creates one; every other GET answers an empty list.
 */
function stubSalesItemsApi() {
  const created: Record<'product' | 'cost', object[]> = { product: [], cost: [] };
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const kind = path === '/settings/product' ? 'product' : path === '/settings/cost' ? 'cost' : null;
      let data: unknown = [];
      if (kind && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; defaultPrice: string; color?: string };
        posts.push({ path, body });
        data = { id: `${kind}-1`, name: body.name, label: body.name, defaultPrice: body.defaultPrice, sort: 1, ...(body.color ? { color: body.color } : {}) };
        created[kind].push(data as object);
      } else if (kind) data = { items: created[kind] };
      else if (path === '/privilege/user/features') data = { isSystemAdministrator: true, isTopAdministrator: false, features: {} };
      else if (path === '/organizations/users') data = { users: [] };
      return new Response(JSON.stringify({ result: 'success', data, errorMessage: null, errorCode: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posts;
}

let formValues: () => DealFormValues = () => ({}) as DealFormValues;
function DealFormUnderTest() {
  const [form] = Form.useForm<DealFormValues>();
  formValues = () => form.getFieldsValue(true) as DealFormValues;
  return (
    <Form form={form} layout="vertical" initialValues={emptyDealValues(choices)}>
      <DealFormFields orgId="o1" choices={choices} form={form} />
    </Form>
  );
}

/** Opens "Create a product/cost" in the deal form, fills the dialog and submits it. */
async function createInPlace(button: string, dialogTitle: string, name: string, price: string) {
  // The button shows once the privileges answer (a system administrator); a busy machine renders antd slowly.
  fireEvent.click(await screen.findByRole('button', { name: button }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: dialogTitle }, { timeout: 10_000 });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(within(dialog).getByLabelText('Default price'), { target: { value: price } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
}

describe('the deal form creates products and costs in place', () => {
  it('creates a product, which becomes a selected product line with its default price', { timeout: 30_000 }, async () => {
    const posts = stubSalesItemsApi();
    renderWithProviders(<DealFormUnderTest />);
    await createInPlace('Create a product', 'Create product', 'Annual licence', '1200');

    await waitFor(() => expect(screen.getAllByTestId('product-line')).toHaveLength(1), { timeout: 10_000 });
    expect(posts).toEqual([{ path: '/settings/product', body: expect.objectContaining({ name: 'Annual licence', defaultPrice: '1200' }) }]);
    const line = screen.getByTestId('product-line');
    // The new product is the line's selection, its default price the quoted price.
    expect(within(line).getByTitle('Annual licence')).toBeTruthy();
    expect(within(line).getByLabelText('Quoted price of product 1')).toHaveProperty('value', '1200');
    expect(formValues().products).toEqual([{ productId: 'product-1', name: 'Annual licence', singlePrice: '1200', quotedPrice: '1200', num: 1 }]);
    expect(screen.getByTestId('deal-totals').textContent).toContain('1,200');
  });

  it('creates a cost, which becomes a selected cost line with its default price', { timeout: 30_000 }, async () => {
    const posts = stubSalesItemsApi();
    renderWithProviders(<DealFormUnderTest />);
    await createInPlace('Create a cost', 'Create cost', 'Installation', '300');

    await waitFor(() => expect(screen.getAllByTestId('cost-line')).toHaveLength(1), { timeout: 10_000 });
    expect(posts).toEqual([{ path: '/settings/cost', body: { name: 'Installation', defaultPrice: '300' } }]);
    const line = screen.getByTestId('cost-line');
    expect(within(line).getByTitle('Installation')).toBeTruthy();
    expect(within(line).getByLabelText('Unit price of cost 1')).toHaveProperty('value', '300');
    expect(formValues().costs).toEqual([{ costId: 'cost-1', name: 'Installation', singlePrice: '300', num: 1 }]);
    expect(screen.queryAllByTestId('product-line')).toHaveLength(0);
  });
});
