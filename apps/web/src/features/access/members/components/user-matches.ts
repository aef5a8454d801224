import type { OrganizationUser } from '@lodestar/contract';

// Its own module: the owner filter (every list's first paint) searches the same way as the user picker, whose option
// rendering brings antd's Typography (apps/web/chunk-groups.ts groups whole modules).
/** What the select searches: name, email and the role as shown, case-insensitive. */
export function userMatches(user: OrganizationUser, input: string, roleLabel: (role: OrganizationUser['role']) => string): boolean {
  const needle = input.trim().toLowerCase();
  if (!needle) return true;
  return [user.userInfo.name, user.userInfo.email, roleLabel(user.role)].some((value) => value.toLowerCase().includes(needle));
}
