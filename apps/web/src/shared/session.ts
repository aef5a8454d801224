import { useSyncExternalStore } from 'react';
import type { Profile, SessionUser } from '@lodestar/contract';

/**
 * The browser session (docs/product.md#fields): the token, the stored user (id, firstName, orgId, avatar)
 * and the profile (orgId, orgName, email, firstName, lastName, userFullnameInOrg, avatar) in localStorage.
 */
export interface StoredUser {
  id: string;
  firstName: string;
  orgId: string | null;
  avatar: string | null;
}

export interface StoredProfile {
  orgId: string | null;
  orgName: string | null;
  email: string;
  firstName: string;
  lastName: string;
  userFullnameInOrg: string | null;
  avatar: string | null;
}

export const storageKeys = {
  token: 'lodestar.token',
  user: 'lodestar.user',
  profile: 'lodestar.profile',
  language: 'lodestar.language',
} as const;

export interface SessionSnapshot {
  token: string | null;
  user: StoredUser | null;
  profile: StoredProfile | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = readSnapshot();

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function readSnapshot(): SessionSnapshot {
  if (typeof localStorage === 'undefined') return { token: null, user: null, profile: null };
  return {
    token: localStorage.getItem(storageKeys.token),
    user: readJson<StoredUser>(storageKeys.user),
    profile: readJson<StoredProfile>(storageKeys.profile),
  };
}

function publish(): void {
  snapshot = readSnapshot();
  for (const listener of listeners) listener();
}

function writeJson(key: string, value: unknown): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function isSignedIn(): boolean {
  return Boolean(snapshot.token);
}

/** After login, sign-up or a password change: a fresh token and the stored user. */
export function storeSession(token: string, user: SessionUser): void {
  localStorage.setItem(storageKeys.token, token);
  writeJson(storageKeys.user, { id: user.id, firstName: user.firstName, orgId: user.orgId, avatar: user.avatar } satisfies StoredUser);
  const previous = readJson<StoredProfile>(storageKeys.profile);
  writeJson(storageKeys.profile, {
    orgId: user.orgId,
    orgName: previous && previous.orgId === user.orgId ? previous.orgName : null,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userFullnameInOrg: previous && previous.orgId === user.orgId ? previous.userFullnameInOrg : null,
    avatar: user.avatar,
  } satisfies StoredProfile);
  publish();
}

export function storeProfile(profile: Profile): void {
  writeJson(storageKeys.profile, {
    orgId: profile.orgId,
    orgName: profile.orgName,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    userFullnameInOrg: profile.userFullnameInOrg,
    avatar: profile.avatar,
  } satisfies StoredProfile);
  const user = readJson<StoredUser>(storageKeys.user);
  writeJson(storageKeys.user, {
    id: user?.id ?? profile.id,
    firstName: profile.firstName,
    orgId: profile.orgId,
    avatar: profile.avatar,
  } satisfies StoredUser);
  publish();
}

/** After a workspace switch or create: the chosen org becomes the stored one. */
export function storeCurrentOrganization(orgId: string, orgName: string | null): void {
  const profile = readJson<StoredProfile>(storageKeys.profile);
  if (profile) writeJson(storageKeys.profile, { ...profile, orgId, orgName });
  const user = readJson<StoredUser>(storageKeys.user);
  if (user) writeJson(storageKeys.user, { ...user, orgId });
  publish();
}

/** Logout, a 401, or a visit to the reset-password page: the token and the user go. */
export function clearSession(): void {
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.user);
  localStorage.removeItem(storageKeys.profile);
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(storageKeys).includes(event.key)) publish();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
