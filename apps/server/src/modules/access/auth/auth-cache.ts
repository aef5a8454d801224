/**
 * A short in-process cache of what every authenticated request looks up first: the session's user (by
 * token hash) and the actor (membership, privileges, department scopes) of a user in a workspace. It
 * saves two database round trips per call. Entries live a few seconds (AUTH_CACHE_MS, 0 = off) and are
 * dropped explicitly when sessions end, users change, or any privilege, member, department or workspace
 * setting changes — so one process sees its own changes at once; other processes within the TTL.
 */

interface Entry<T> {
  value: T;
  expires: number;
}

/** Bounded memory: past this many entries a map starts over (a cheap guard, not an LRU). */
const maxEntries = 10_000;
let ttlMs = 0;
const sessions = new Map<string, Entry<unknown>>();
const actors = new Map<string, Entry<unknown>>();

export function configureAuthCache(ms: number): void {
  ttlMs = ms;
  sessions.clear();
  actors.clear();
}

async function cached<T>(map: Map<string, Entry<unknown>>, key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  if (ttlMs <= 0) return load();
  const now = Date.now();
  const hit = map.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const value = await load();
  // Failures and misses are not kept: a new session or membership works on the next call.
  if (value === undefined) return value;
  if (map.size >= maxEntries) map.clear();
  map.set(key, { value, expires: now + ttlMs });
  return value;
}

/** The session lookup by token hash (values carry the user id, for invalidateUser). */
export function cachedSession<T extends { user: { id: string } }>(tokenHash: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  return cached(sessions, tokenHash, load);
}

export async function cachedActor<T>(userId: string, orgId: string, load: () => Promise<T>): Promise<T> {
  return (await cached(actors, `${userId}:${orgId}`, load)) as T;
}

/** A user's sessions ended or the user row changed (password, profile, language): their cached sessions go. */
export function invalidateUser(userId: string): void {
  for (const [key, entry] of sessions) if ((entry.value as { user: { id: string } }).user.id === userId) sessions.delete(key);
  actors.clear();
}

/** One session ended (logout). */
export function invalidateSession(sessionId: string): void {
  for (const [key, entry] of sessions) if ((entry.value as { sessionId?: string }).sessionId === sessionId) sessions.delete(key);
}

/** Many users changed at once (e.g. a deleted workspace was their default). */
export function invalidateAllSessions(): void {
  sessions.clear();
}

/** Privileges, members, departments or a workspace changed: every cached actor goes (such writes are rare). */
export function invalidateActors(): void {
  actors.clear();
}
