import { buildTestApp, type TestApp } from './build-test-app.ts';
import { addMember, registerUser, signedInOwner, type TestUser } from './factories.ts';

export interface TwoWorkspaces {
  t: TestApp;
  /** Owns the workspace under test. */
  owner: TestUser & { orgId: string };
  /** Owns another workspace: its calls must never see or change the first one's records. */
  other: TestUser & { orgId: string };
  /** An activated member of the owner's workspace with the default member privilege. */
  member: TestUser;
}

/** The usual cast of an API test file, on a fresh app and database. */
export async function twoWorkspaces(
  options: { ownerOrgName?: string; member?: Parameters<typeof registerUser>[1] } = {},
): Promise<TwoWorkspaces> {
  const t = await buildTestApp();
  const owner = await signedInOwner(t.app, options.ownerOrgName ?? 'Acme');
  const other = await signedInOwner(t.app, 'Other');
  const member = await registerUser(t.app, options.member);
  await addMember(t.db, owner.orgId, member.user.id);
  return { t, owner, other, member };
}
