import { featureMethods, features, type Feature, type Method, type PrivilegeFeatures, type VisibilityScope } from '@lodestar/contract';

/**
 * The privilege editor's state as pure functions (docs/product.md#permissions): per feature, the methods that apply
 * and a visibility scope. Tag features only know create, edit and delete; the others start from view,
 * so granting any other method grants view, and taking view away takes the rest with it.
 */
export function isTagFeature(feature: Feature): boolean {
  return feature === 'contactTag' || feature === 'companyTag';
}

export const methodsOf: (feature: Feature) => readonly Method[] = featureMethods;

/** Methods kept in the canonical order of `methodsOf`, so saved data and the dirty check are stable. */
function ordered(feature: Feature, selected: Iterable<Method>): Method[] {
  const set = new Set(selected);
  return methodsOf(feature).filter((method) => set.has(method));
}

export function toggleMethod(state: PrivilegeFeatures, feature: Feature, method: Method, checked: boolean): PrivilegeFeatures {
  const current = new Set(state[feature].methods);
  if (checked) {
    current.add(method);
    if (!isTagFeature(feature)) current.add('view');
  } else if (method === 'view' && !isTagFeature(feature)) {
    current.clear();
  } else {
    current.delete(method);
  }
  return { ...state, [feature]: { ...state[feature], methods: ordered(feature, current) } };
}

/** All methods of a feature on or off (the row's "all" checkbox). */
export function setAllMethods(state: PrivilegeFeatures, feature: Feature, checked: boolean): PrivilegeFeatures {
  return { ...state, [feature]: { ...state[feature], methods: checked ? [...methodsOf(feature)] : [] } };
}

export function setScope(state: PrivilegeFeatures, feature: Feature, scope: VisibilityScope): PrivilegeFeatures {
  return { ...state, [feature]: { ...state[feature], scope } };
}

/** Whether every method of a feature is on, some are (indeterminate), or none. */
export function methodCoverage(state: PrivilegeFeatures, feature: Feature): 'all' | 'some' | 'none' {
  const count = ordered(feature, state[feature].methods).length;
  if (count === 0) return 'none';
  return count === methodsOf(feature).length ? 'all' : 'some';
}

/** Normalizes what the server sent (unknown or out-of-place methods dropped) so comparisons are fair. */
export function normalizeFeatures(state: PrivilegeFeatures): PrivilegeFeatures {
  return Object.fromEntries(
    features.map((feature) => [feature, { methods: ordered(feature, state[feature]?.methods ?? []), scope: state[feature]?.scope ?? 'mine' }]),
  ) as PrivilegeFeatures;
}

/** The features whose methods or scope differ (what the save sends). */
export function changedFeatures(saved: PrivilegeFeatures, edited: PrivilegeFeatures): Feature[] {
  const a = normalizeFeatures(saved);
  const b = normalizeFeatures(edited);
  return features.filter((feature) => a[feature].scope !== b[feature].scope || a[feature].methods.join() !== b[feature].methods.join());
}
