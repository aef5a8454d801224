import { lineMediaLinkDays, lineMediaUrlAllowed, lineSendsAsImage } from '@lodestar/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { readFile, saveUpload, type Upload } from '../../access/files/files.ts';
import type { LineOutgoing } from './line.client.ts';
import type { LineDeps } from './line.deps.ts';

/**
 * Photos and files in LINE conversations (docs/product.md#line-channel). LINE shows an image message by fetching its
 * URLs itself, so they must be public: a signed link to the stored file (HMAC of workspace, file and expiry under the
 * server's signing key), valid lineMediaLinkDays days — unguessable, unforgeable, and dead after it expires. A file
 * that is not a JPEG or PNG of at most 1 MB cannot be a LINE message: it goes as a text with such a link.
 * A friend's image, video, audio or file is not fetched when it arrives: the conversation asks for it (content
 * endpoint, line.conversations.ts), which reads LINE's content API on first view and keeps a copy (LINE keeps content
 * for a limited time).
 */

const dayMs = 86_400_000;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * `<payload>.<signature>`: payload = base64url(workspace id, file id (16 bytes each), expiry (unix seconds, 4 bytes)) —
 * binary, so the token (92 characters) fits a path parameter (Fastify's 100-character limit).
 */
export function mediaToken(deps: LineDeps, orgId: string, fileId: string, from = new Date()): string {
  const expires = Buffer.alloc(4);
  expires.writeUInt32BE(Math.floor((from.getTime() + lineMediaLinkDays * dayMs) / 1000));
  const payload = Buffer.concat([uuidBytes(orgId), uuidBytes(fileId), expires]).toString('base64url');
  return `${payload}.${deps.secrets.sign(`line-media:${payload}`)}`;
}

export function mediaUrl(deps: LineDeps, orgId: string, fileId: string, from = new Date()): string {
  return `${deps.config.publicUrl}/api/line/media/${mediaToken(deps, orgId, fileId, from)}`;
}

/** The file behind a link, or 404 (forged, expired, or the file is gone) — never saying which. */
export async function serveMedia(db: Db, deps: LineDeps, token: string, reply: FastifyReply, now = new Date()): Promise<FastifyReply> {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !deps.secrets.verify(`line-media:${payload}`, signature)) throw new AppError('NOT_FOUND');
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 36 || bytes.readUInt32BE(32) * 1000 <= now.getTime()) throw new AppError('NOT_FOUND');
  const orgId = uuidText(bytes.subarray(0, 16));
  const fileId = uuidText(bytes.subarray(16, 32));
  const file = await readFile(db, deps.config.dataDir, orgId, fileId);
  if (!file) throw new AppError('NOT_FOUND');
  return sendStored(reply, file, 'public, max-age=86400');
}

const inlineTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Images inline, anything else as a download; never sniffed, never run as a page of ours. */
export function sendStored(reply: FastifyReply, file: { mimeType: string; name: string; data: Buffer }, cache: string): FastifyReply {
  const inline = inlineTypes.has(file.mimeType);
  return reply
    .header('content-type', inline ? file.mimeType : 'application/octet-stream')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.data);
}

/** The LINE message for a stored upload: an image message, or a text with the link. */
export function outgoingFor(deps: LineDeps, orgId: string, fileId: string, upload: { filename: string; mimeType: string; bytes: number }): { message: LineOutgoing; kind: 'image' | 'file' } {
  const url = mediaUrl(deps, orgId, fileId);
  if (!lineMediaUrlAllowed(url)) throw new AppError('LINE_MEDIA_NOT_PUBLIC');
  if (lineSendsAsImage(upload)) return { kind: 'image', message: { type: 'image', originalContentUrl: url, previewImageUrl: url } };
  return { kind: 'file', message: { type: 'text', text: `${upload.filename}\n${url}` } };
}

/** Stores an upload of the conversation (the body limit bounds its size). */
export function storeUpload(db: Db, deps: LineDeps, orgId: string, upload: Upload): Promise<string> {
  return saveUpload(db, deps.config.dataDir, orgId, upload, deps.config.bodyLimit);
}

export function extensionOf(mimeType: string): string {
  return ({ 'image/jpeg': '.jpg', 'image/png': '.png', 'video/mp4': '.mp4', 'audio/x-m4a': '.m4a', 'audio/mp4': '.m4a' } as Record<string, string>)[mimeType] ?? '';
}
