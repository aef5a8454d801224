import {
  imagePixelSize,
  lineRichMenuAreasOutside,
  lineRichMenuBodySchema,
  lineRichMenuImageProblems,
  type LineRichMenu,
  type LineRichMenuArea,
  type LineRichMenuView,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, parseOrFail } from '../../../platform/errors.ts';
import { fileUrl, saveImage, type Upload } from '../../access/files/files.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import { publicBookingUrl } from '../../booking/reservations/reservations.prefill.ts';
import { LineApiError, type LineRichMenuObject } from './line.client.ts';
import { channelToken, lineFailure, type LineDeps } from './line.deps.ts';
import * as lineRepository from './line.repository.ts';
import * as richMenuRepository from './line.rich-menu.repository.ts';
import type { RichMenuRow } from './line.rich-menu.repository.ts';

/**
 * Settings → Channel → LINE → Rich menu (docs/product.md#line-channel): the image and its tap areas are checked against
 * LINE's rules (contract line-rich-menu.ts) before any call; then LINE's three calls — create the menu, upload its
 * image, make it every friend's default — and only then the row; the menu it replaced is deleted at LINE last.
 */

type CardLinks = (db: Db, publicUrl: string, orgId: string) => Promise<{ userId: string; name: string; url: string }[]>;
let cardLinks: CardLinks = () => Promise.resolve([]);

/** Cards (a higher context) lists the workspace's public business cards; wired in wiring.ts. */
export function registerRichMenuCards(links: CardLinks): void {
  cardLinks = links;
}

/** The workspace's public business cards (segment messages send one as a card). */
export function publicCardLinks(db: Db, publicUrl: string, orgId: string) {
  return cardLinks(db, publicUrl, orgId);
}

type ResolvedArea = LineRichMenuArea & { target: string };

function toMenu(row: RichMenuRow): LineRichMenu {
  return {
    richMenuId: row.richMenuId,
    chatBarText: row.chatBarText,
    width: row.width,
    height: row.height,
    imageUrl: fileUrl(row.orgId, row.imageFileId),
    areas: row.areas as ResolvedArea[],
    publishedAt: row.publishedAt.toISOString(),
    publishedByUserId: row.publishedByUserId,
  };
}

async function viewOf(db: Db, deps: LineDeps, orgId: string): Promise<LineRichMenuView> {
  const [row, bookingUrl, cards] = await Promise.all([richMenuRepository.findRichMenu(db, orgId), publicBookingUrl(db, deps.config.publicUrl, orgId), cardLinks(db, deps.config.publicUrl, orgId)]);
  return { menu: row ? toMenu(row) : null, bookingUrl, cards };
}

export async function view(db: Db, deps: LineDeps, actor: Actor): Promise<LineRichMenuView> {
  assertSystemAdministrator(actor);
  return viewOf(db, deps, actor.orgId);
}

export function imageTooLarge(): AppError {
  return new AppError('LINE_RICH_MENU_IMAGE', { actual: '> 1 MB' }, [{ field: 'image', reason: 'tooLong', message: '' }]);
}

/** The image as LINE will judge it: its real type and size read from the bytes, not the browser's claim. */
function checkImage(upload: Upload | undefined): { mimeType: 'image/png' | 'image/jpeg'; width: number; height: number } {
  if (!upload) throw fieldError('image', 'required');
  const size = imagePixelSize(upload.data);
  const facts = { mimeType: size?.mimeType ?? upload.mimeType, bytes: upload.data.length, width: size?.width ?? null, height: size?.height ?? null };
  if (!size || lineRichMenuImageProblems(facts).length > 0) {
    const kind = size ? size.mimeType.slice(6).toUpperCase() : upload.mimeType || '?';
    const actual = `${kind}${size ? ` ${size.width}×${size.height}` : ''}, ${Math.ceil(upload.data.length / 1024)} KB`;
    throw new AppError('LINE_RICH_MENU_IMAGE', { actual }, [{ field: 'image', reason: 'invalidValue', message: '' }]);
  }
  return size;
}

async function resolveAreas(db: Db, deps: LineDeps, orgId: string, areas: LineRichMenuArea[]): Promise<ResolvedArea[]> {
  const needsBooking = areas.some((area) => area.action.kind === 'booking');
  const needsCards = areas.some((area) => area.action.kind === 'card');
  const [bookingUrl, cards] = await Promise.all([needsBooking ? publicBookingUrl(db, deps.config.publicUrl, orgId) : null, needsCards ? cardLinks(db, deps.config.publicUrl, orgId) : []]);
  return areas.map((area, index) => {
    const action = area.action;
    let target: string | undefined;
    if (action.kind === 'booking') target = bookingUrl ?? undefined;
    else if (action.kind === 'card') target = cards.find((card) => card.userId === action.userId)?.url;
    else target = action.kind === 'message' ? action.text : action.uri;
    if (target === undefined) {
      throw new AppError(action.kind === 'booking' ? 'LINE_RICH_MENU_NO_BOOKING' : 'LINE_RICH_MENU_NO_CARD', {}, [{ field: `areas.${index}.action`, reason: 'notFound', message: '' }]);
    }
    return { ...area, target };
  });
}

function lineObject(chatBarText: string, width: number, height: number, areas: ResolvedArea[]): LineRichMenuObject {
  return {
    size: { width, height },
    selected: false,
    name: `Lodestar ${new Date().toISOString().slice(0, 16)}`,
    chatBarText,
    areas: areas.map((area) => ({
      bounds: area.bounds,
      action: area.action.kind === 'message' ? { type: 'message', label: area.label, text: area.target } : { type: 'uri', label: area.label, uri: area.target },
    })),
  };
}

/** Best effort: a menu left at LINE only takes one of the account's 1 000 places and shows to nobody. */
async function deleteAtLine(deps: LineDeps, token: string, richMenuId: string): Promise<void> {
  await deps.client.deleteRichMenu(token, richMenuId).catch(() => undefined);
}

export async function publish(db: Db, deps: LineDeps, actor: Actor, rawMenu: unknown, upload: Upload | undefined): Promise<LineRichMenuView> {
  assertSystemAdministrator(actor);
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel?.channelId) throw new AppError('LINE_NOT_CONNECTED');
  const body = parseOrFail(lineRichMenuBodySchema, rawMenu);
  const image = checkImage(upload);
  const outside = lineRichMenuAreasOutside(body.areas, image.width, image.height);
  if (outside.length > 0) {
    throw new AppError('LINE_RICH_MENU_AREA', { index: outside[0]! + 1 }, outside.map((i) => ({ field: `areas.${i}.bounds`, reason: 'invalidValue' as const, message: '' })));
  }
  const areas = await resolveAreas(db, deps, actor.orgId, body.areas);
  // Stored first (and counted against the workspace's storage): nothing is published that the page could not show.
  const imageFileId = await saveImage(db, deps.config.dataDir, actor.orgId, { ...upload!, mimeType: image.mimeType, field: 'image' });
  const token = await channelToken(db, deps, channel);
  let richMenuId: string;
  try {
    richMenuId = await deps.client.createRichMenu(token, lineObject(body.chatBarText, image.width, image.height, areas));
  } catch (error) {
    throw lineFailure(error);
  }
  try {
    await deps.client.uploadRichMenuImage(token, richMenuId, image.mimeType, upload!.data);
    await deps.client.setDefaultRichMenu(token, richMenuId);
  } catch (error) {
    await deleteAtLine(deps, token, richMenuId);
    throw lineFailure(error);
  }
  const { previousRichMenuId } = await richMenuRepository.replaceRichMenu(db, actor.orgId, {
    channelId: channel.id,
    richMenuId,
    chatBarText: body.chatBarText,
    width: image.width,
    height: image.height,
    areas,
    imageFileId,
    publishedByUserId: actor.userId,
    publishedAt: new Date(),
  });
  if (previousRichMenuId) await deleteAtLine(deps, token, previousRichMenuId);
  return viewOf(db, deps, actor.orgId);
}

/** Friends see no menu any more: unset as the default at LINE, deleted there, then forgotten here. */
export async function remove(db: Db, deps: LineDeps, actor: Actor): Promise<LineRichMenuView> {
  assertSystemAdministrator(actor);
  const row = await richMenuRepository.findRichMenu(db, actor.orgId);
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (row && channel?.channelId) {
    const token = await channelToken(db, deps, channel);
    try {
      await deps.client.cancelDefaultRichMenu(token);
    } catch (error) {
      // 404: no default menu at LINE any more (removed in LINE's own console) — nothing left to unset.
      if (!(error instanceof LineApiError && error.status === 404)) throw lineFailure(error);
    }
    await deleteAtLine(deps, token, row.richMenuId);
  }
  if (row) await richMenuRepository.deleteRichMenu(db, actor.orgId, row.richMenuId);
  return viewOf(db, deps, actor.orgId);
}
