import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { useVisibleColumns } from './column-settings.api.ts';

afterEach(() => vi.unstubAllGlobals());

const columns = ['name', 'phones', 'email', 'company', 'tags', 'owner', 'lastContactAt', 'custom-1'].map((key) => ({ key }));

function Keys() {
  return <output>{useVisibleColumns('o1', 'contact', columns).map((column) => column.key).join(',')}</output>;
}

describe('useVisibleColumns', () => {
  it('keeps the name first and custom fields last; built-in columns follow the saved order and visibility', async () => {
    stubApi({
      '/customerFieldSetting': {
        columns: [
          { key: 'owner', isShow: true },
          { key: 'phones', isShow: true },
          { key: 'email', isShow: false },
          { key: 'company', isShow: false },
          { key: 'tags', isShow: false },
          { key: 'lastContactAt', isShow: false },
        ],
      },
    });
    renderWithProviders(<Keys />);
    expect(await screen.findByText('name,owner,phones,custom-1')).toBeTruthy();
  });
});
