import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { recordField, recordFieldTitle } from '@lodestar/contract';
import { renderWithProviders } from '../../test/render.tsx';
import { FieldItem } from './field-item.tsx';

const title = (kind: 'company' | 'deal' | 'contact', key: string) => recordFieldTitle('en-US', kind, key)!;

describe('FieldItem', () => {
  it("labels a field with the field list's title, names it by its body key and limits it by the list's length", async () => {
    renderWithProviders(
      <Form>
        <FieldItem kind="company" field="website" inputMode="url" />
        <FieldItem kind="contact" field="jobDepartment" />
        <FieldItem kind="deal" field="estimatedEndDate" />
      </Form>,
    );
    const website = await screen.findByLabelText(title('company', 'website'));
    expect(website.getAttribute('id')).toBe('url');
    expect(website.getAttribute('maxlength')).toBe(String(recordField('company', 'website')!.max));
    expect(website.getAttribute('inputmode')).toBe('url');
    expect(screen.getByLabelText(title('contact', 'jobDepartment')).getAttribute('maxlength')).toBe('100');
    // A date field gets the date input (its placeholder shows the expected form).
    expect(screen.getByLabelText(title('deal', 'estimatedEndDate')).tagName).toBe('INPUT');
  });
});
