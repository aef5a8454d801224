import { describe, expect, it } from 'vitest';
import { memberPrivilegeFeatures, type PrivilegeFeatures } from '@lodestar/contract';
import { changedFeatures, methodCoverage, methodsOf, normalizeFeatures, setAllMethods, setScope, toggleMethod } from './privilege-editor.ts';

const empty = (): PrivilegeFeatures => setAllMethods(setAllMethods(memberPrivilegeFeatures(), 'contact', false), 'contactTag', false);

describe('privilege editor state', () => {
  it('offers only create, edit and delete on tag features', () => {
    expect(methodsOf('contactTag')).toEqual(['create', 'edit', 'delete']);
    expect(methodsOf('contact')).toContain('view');
  });

  it('grants view with any other method of a non-tag feature', () => {
    const state = toggleMethod(empty(), 'contact', 'edit', true);
    expect(state.contact.methods).toEqual(['view', 'edit']);
  });

  it('takes every method away with view', () => {
    const state = toggleMethod(toggleMethod(empty(), 'contact', 'edit', true), 'contact', 'view', false);
    expect(state.contact.methods).toEqual([]);
  });

  it('tag methods are independent', () => {
    const state = toggleMethod(empty(), 'contactTag', 'delete', true);
    expect(state.contactTag.methods).toEqual(['delete']);
  });

  it('reports coverage for the row checkbox', () => {
    expect(methodCoverage(empty(), 'contact')).toBe('none');
    expect(methodCoverage(toggleMethod(empty(), 'contact', 'view', true), 'contact')).toBe('some');
    expect(methodCoverage(setAllMethods(empty(), 'contact', true), 'contact')).toBe('all');
  });

  it('lists exactly the features that changed, ignoring method order', () => {
    const saved = memberPrivilegeFeatures();
    const reordered = { ...saved, company: { ...saved.company, methods: [...saved.company.methods].reverse() } };
    expect(changedFeatures(saved, reordered)).toEqual([]);
    const edited = setScope(toggleMethod(saved, 'opportunity', 'transfer', true), 'calendar', 'subordinates');
    expect(changedFeatures(saved, edited)).toEqual(['opportunity', 'calendar']);
  });

  it('drops methods that do not belong to a feature', () => {
    const odd = { ...empty(), companyTag: { methods: ['view', 'create'], scope: 'all' } } as PrivilegeFeatures;
    expect(normalizeFeatures(odd).companyTag.methods).toEqual(['create']);
  });
});
