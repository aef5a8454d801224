import type { Db } from '../../../db/client.ts';
import { saveImage } from '../../access/files/files.ts';
import type { LineDeps } from './line.deps.ts';

/** Best effort: a picture or image LINE will not give us leaves the record without it. */
export async function fetchImage(db: Db, deps: LineDeps, orgId: string, load: () => Promise<{ mimeType: string; data: Buffer }>, name: string): Promise<string | null> {
  try {
    const { mimeType, data } = await load();
    return await saveImage(db, deps.config.dataDir, orgId, { field: 'image', filename: name, mimeType, data });
  } catch {
    return null;
  }
}

/** A friend's profile picture (LINE's CDN URL from the profile) as a file of ours, or null. */
export function fetchProfilePicture(db: Db, deps: LineDeps, orgId: string, url: string | null | undefined): Promise<string | null> {
  if (!url) return Promise.resolve(null);
  return fetchImage(db, deps, orgId, () => fetchPicture(url), 'line-profile');
}

async function fetchPicture(url: string): Promise<{ mimeType: string; data: Buffer }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`picture ${response.status}`);
  return { mimeType: response.headers.get('content-type')?.split(';')[0] ?? '', data: Buffer.from(await response.arrayBuffer()) };
}
