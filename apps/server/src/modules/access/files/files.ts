import '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertStorableJson, assertStorableText } from '../../../platform/input-guard.ts';
import { files } from './files.table.ts';
import { planGate } from '../organizations/plan-gate.ts';

/** An uploaded file part, read into memory (avatars are small; the body limit bounds it). */
export interface Upload {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

/**
 * The form of POST /api/customer, /api/company and /api/task: multipart (docs/product.md#api) or JSON. Multipart
 * fields named in jsonFields carry JSON text; the first file part is `upload`, all of them `uploads` (in order).
 * A repeated field (`imagesName[]`) collects into an array.
 */
export async function readForm(
  request: FastifyRequest,
  jsonFields: readonly string[],
): Promise<{ body: Record<string, unknown>; upload?: Upload; uploads: Upload[] }> {
  if (!request.isMultipart()) return { body: (request.body ?? {}) as Record<string, unknown>, uploads: [] };
  const body: Record<string, unknown> = {};
  const uploads: Upload[] = [];
  for await (const part of request.parts()) {
    // The edge rule (platform/input-guard.ts) for what fastify does not parse: field names, values, file names.
    assertStorableText(part.fieldname, part.fieldname);
    if (part.type === 'file') {
      assertStorableText(part.fieldname, part.filename);
      const data = await part.toBuffer();
      if (data.length > 0) uploads.push({ field: part.fieldname.replace(/\[\d*\]$/, ''), filename: part.filename, mimeType: part.mimetype, data });
      continue;
    }
    const value = String(part.value);
    assertStorableText(part.fieldname, value);
    if (part.fieldname.endsWith('[]')) {
      const name = part.fieldname.slice(0, -2);
      body[name] = [...((body[name] as unknown[] | undefined) ?? []), value];
      continue;
    }
    if (jsonFields.includes(part.fieldname)) {
      try {
        body[part.fieldname] = value === '' ? undefined : JSON.parse(value);
      } catch {
        throw fieldError(part.fieldname, 'invalidValue');
      }
      assertStorableJson(body[part.fieldname], part.fieldname);
    } else {
      body[part.fieldname] = value === '' ? null : value;
    }
  }
  return uploads[0] ? { body, upload: uploads[0], uploads } : { body, uploads };
}

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const maxAvatarBytes = 5 * 1024 * 1024;

function filePath(dataDir: string, orgId: string, id: string): string {
  return path.join(dataDir, 'files', orgId, id);
}

/** Stores an image under DATA_DIR/files/<orgId>/<id>; 400 naming the field for other types or sizes. */
export async function saveImage(db: Db, dataDir: string, orgId: string, upload: Upload): Promise<string> {
  if (!imageTypes.has(upload.mimeType)) throw fieldError(upload.field, 'invalidValue');
  if (upload.data.length > maxAvatarBytes) throw fieldError(upload.field, 'tooLong');
  return saveFile(db, dataDir, orgId, { name: upload.filename, mimeType: upload.mimeType, data: upload.data });
}

/**
 * Stores a file of any type (its bytes under DATA_DIR/files/<orgId>/<id>, its row through `db`, which may be the
 * caller's transaction) after the workspace's storage quota (docs/product.md#limits: Free 1 GB, a subscription
 * 20 GB). A caller whose transaction then rolls back removes the bytes with `removeStoredBytes`.
 */
export async function saveFile(db: Db, dataDir: string, orgId: string, file: { name: string; mimeType: string; data: Buffer }, id: string = randomUUID()): Promise<string> {
  await planGate().assertRoomForBytes(db, orgId, file.data.length);
  await writeStoredBytes(dataDir, orgId, id, file.data);
  await db.insert(files).values({ id, orgId, name: file.name.slice(0, 200), mimeType: file.mimeType, size: file.data.length });
  return id;
}

/** The bytes of a file whose row was never written (a rolled-back save); a missing file is fine. */
export async function removeStoredBytes(dataDir: string, orgId: string, id: string): Promise<void> {
  await fs.rm(filePath(dataDir, orgId, id), { force: true });
}

/** Images are shown in the page (avatars, photos); any other type is only ever a download. */
export const isImageType = (mimeType: string) => imageTypes.has(mimeType);

/**
 * Stores an uploaded file (a LINE conversation's photo or document) with saveFile, refused past `maxBytes` naming its
 * field; the type is kept as given (served back with nosniff, and as a download unless it is an image).
 */
export async function saveUpload(db: Db, dataDir: string, orgId: string, upload: Upload, maxBytes: number): Promise<string> {
  if (upload.data.length > maxBytes) throw fieldError(upload.field, 'tooLong');
  return saveFile(db, dataDir, orgId, { name: upload.filename || 'file', mimeType: upload.mimeType.slice(0, 100) || 'application/octet-stream', data: upload.data });
}

export async function readFile(db: Db, dataDir: string, orgId: string, id: string): Promise<{ mimeType: string; name: string; data: Buffer } | undefined> {
  const [row] = await db.select().from(files).where(and(eq(files.orgId, orgId), eq(files.id, id))).limit(1);
  if (!row) return undefined;
  try {
    return { mimeType: row.mimeType, name: row.name, data: await fs.readFile(filePath(dataDir, orgId, id)) };
  } catch {
    return undefined;
  }
}

/** A stored file's bytes, by id (backups read every file of the workspace; missing bytes → undefined). */
export async function readStoredBytes(dataDir: string, orgId: string, id: string): Promise<Buffer | undefined> {
  return fs.readFile(filePath(dataDir, orgId, id)).catch(() => undefined);
}

/** Writes a restored file's bytes (its row is written by the restore with the workspace's other rows). */
export async function writeStoredBytes(dataDir: string, orgId: string, id: string, data: Buffer): Promise<void> {
  const target = filePath(dataDir, orgId, id);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, data);
}

/**
 * Removes stored files for good (a person's PDPA erasure: their photo). The row goes in the caller's transaction; the
 * bytes are removed by `removeBytes` after it commits, so a rolled-back erasure keeps the photo it still points at.
 */
export async function deleteFiles(db: Db, orgId: string, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(files).where(and(eq(files.orgId, orgId), inArray(files.id, ids)));
}

export async function removeBytes(dataDir: string, orgId: string, ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => fs.rm(filePath(dataDir, orgId, id), { force: true })));
}

/** The URL an avatar is served at (org-scoped like every call). */
export function fileUrl(orgId: string, id: string | null): string | null {
  return id ? `/api/files/${id}?orgId=${orgId}` : null;
}
