import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CreateWorkspaceForm, normalizeMemberEmails } from './create-workspace-form.tsx';

describe('normalizeMemberEmails', () => {
  it('trims, lower-cases and ignores duplicates', () => {
    expect(normalizeMemberEmails([' A@x.co', 'a@x.co', 'b@x.co', ''])).toEqual(['a@x.co', 'b@x.co']);
  });
});

describe('CreateWorkspaceForm', () => {
  it('disables member emails with an upgrade tip linking to /subscription without the team plan', () => {
    renderWithProviders(<CreateWorkspaceForm canInviteMembers={false} submitting={false} onSubmit={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByLabelText('Member emails').closest('.ant-select')?.className).toContain('ant-select-disabled');
  });

  it('requires a workspace name', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CreateWorkspaceForm canInviteMembers submitting={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed name', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<CreateWorkspaceForm canInviteMembers submitting={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Workspace name'), { target: { value: '  Taipei Sales ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ orgName: 'Taipei Sales', memberEmails: [] }));
  });
});
