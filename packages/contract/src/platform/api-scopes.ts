/**
 * What an API key or a personal access token may reach (docs/decisions/0019-api-keys.md): one scope per API area and
 * access level. An endpoint names its area in its definition (`scope`); a GET needs `<area>:read` or `<area>:write`,
 * any other method `<area>:write`. An endpoint without an area (settings, members, billing, keys themselves) is for
 * signed-in people only. Platform-level so every context's endpoints can name an area.
 */
export const apiScopeAreas = ['contacts', 'companies', 'deals', 'schedules', 'notes', 'reports'] as const;
export type ApiScopeArea = (typeof apiScopeAreas)[number];

export const apiScopeLevels = ['read', 'write'] as const;
export type ApiScopeLevel = (typeof apiScopeLevels)[number];

export type ApiScope = `${ApiScopeArea}:${ApiScopeLevel}`;
export const apiScopes = apiScopeAreas.flatMap((area) => apiScopeLevels.map((level) => `${area}:${level}` as ApiScope));

/**
 * The scopes a call needs, any one of which admits it: reads need the area's read (or write) scope, writes its write
 * scope. An endpoint over several areas (the global search) admits a key of any of them; the answer then holds only
 * what the key's scopes may see.
 */
export function requiredApiScopes(area: ApiScopeArea | readonly ApiScopeArea[], method: string): ApiScope[] {
  const areas: readonly ApiScopeArea[] = typeof area === 'string' ? [area] : area;
  return areas.map((a) => `${a}:${method === 'GET' ? 'read' : 'write'}` as ApiScope);
}

/** Write includes read (a key that edits contacts must find them first). */
export function scopeAllows(granted: readonly string[], needed: ApiScope): boolean {
  if (granted.includes(needed)) return true;
  return needed.endsWith(':read') && granted.includes(needed.replace(/:read$/, ':write'));
}
