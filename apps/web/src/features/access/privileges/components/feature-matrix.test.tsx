import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { memberPrivilegeFeatures, type PrivilegeFeatures } from '@lodestar/contract';
import { renderWithProviders } from '../../../../test/render.tsx';
import { FeatureMatrix } from './feature-matrix.tsx';

// antd tables render slowly in jsdom on a busy machine.
describe('FeatureMatrix', { timeout: 20_000 }, () => {
  it('shows each feature’s methods and grants view with another method', () => {
    const onChange = vi.fn<(next: PrivilegeFeatures) => void>();
    const value = { ...memberPrivilegeFeatures(), company: { methods: [], scope: 'mine' as const } };
    renderWithProviders(<FeatureMatrix value={value} onChange={onChange} readOnly={false} assignedCount={() => 2} onAssign={() => undefined} />);
    // Tag features have no view or export checkbox.
    expect(screen.queryByRole('checkbox', { name: 'View — Contact tags' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Delete — Contact tags' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Transfer owner — Companies' }));
    expect(onChange.mock.calls[0]![0].company.methods).toEqual(['view', 'transfer']);
    expect(screen.getAllByRole('button', { name: /^Assign for/ })).toHaveLength(11); // every feature (social since the LINE channel, automation since workflows)
  });

  it('is read-only for the administrator privilege', () => {
    renderWithProviders(
      <FeatureMatrix value={memberPrivilegeFeatures()} onChange={() => undefined} readOnly assignedCount={() => 0} onAssign={null} />,
    );
    expect((screen.getByRole('checkbox', { name: 'Edit — Contacts' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Assign for/ })).toBeNull();
  });
});
