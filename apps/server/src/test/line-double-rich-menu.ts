import { randomBytes } from 'node:crypto';
import { imagePixelSize } from '@lodestar/contract';

/**
 * The rich menu calls of LINE's Messaging API, for the double (line-double.ts): create (POST /v2/bot/richmenu, the rich
 * menu object checked as LINE checks it — size 800–2500 × ≥ 250 with width ÷ height ≥ 1.45, name ≤ 300, chatBarText
 * ≤ 14, 1–20 areas inside the size, uri/message actions — 400 `{ message, details: [{ message, property }] }`), the
 * image upload on the data API (JPEG/PNG only, ≤ 1 MB else 413, its pixel size must equal the menu's, once per menu),
 * set/get/cancel the default menu (`/v2/bot/user/all/richmenu`), delete and list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface DoubleRichMenu {
  richMenuId: string;
  object: Json;
  image: { mimeType: string; bytes: number } | null;
}

export interface RichMenuDouble {
  /** Per channel: its menus, by id. */
  menus: Map<string, Map<string, DoubleRichMenu>>;
  /** The channel's default menu (what every friend sees), or undefined. */
  defaultOf(channelId: string): DoubleRichMenu | undefined;
  handle(channelId: string, method: string, path: string, contentType: string, raw: string, bytes: Buffer): { status: number; body: Json } | undefined;
  /** The next image upload answers this instead (LINE refusing after the menu was created). */
  refuseNextUpload(status: number, body: Json): void;
}

type Detail = { message: string; property: string };

function objectErrors(body: Json): Detail[] {
  const errors: Detail[] = [];
  const width = Number(body?.size?.width);
  const height = Number(body?.size?.height);
  if (!Number.isInteger(width) || width < 800 || width > 2500) errors.push({ message: 'must be between 800 and 2500', property: 'size.width' });
  if (!Number.isInteger(height) || height < 250) errors.push({ message: 'must be greater than or equal to 250', property: 'size.height' });
  if (Number.isInteger(width) && Number.isInteger(height) && height > 0 && width / height < 1.45) errors.push({ message: 'aspect ratio must be 1.45 or more', property: 'size' });
  if (typeof body?.selected !== 'boolean') errors.push({ message: 'must be specified', property: 'selected' });
  const name = String(body?.name ?? '');
  if (name.length < 1 || name.length > 300) errors.push({ message: 'Length must be between 1 and 300', property: 'name' });
  const chatBarText = String(body?.chatBarText ?? '');
  if (chatBarText.length < 1 || chatBarText.length > 14) errors.push({ message: 'Length must be between 1 and 14', property: 'chatBarText' });
  const areas = Array.isArray(body?.areas) ? (body.areas as Json[]) : [];
  if (areas.length < 1 || areas.length > 20) errors.push({ message: 'Size must be between 1 and 20', property: 'areas' });
  areas.forEach((area, i) => {
    const b = area?.bounds ?? {};
    if (![b.x, b.y, b.width, b.height].every((v) => Number.isInteger(v) && v >= 0) || b.x + b.width > width || b.y + b.height > height) {
      errors.push({ message: 'bounds must be inside the rich menu', property: `areas[${i}].bounds` });
    }
    const action = area?.action ?? {};
    if (action.label !== undefined && (String(action.label).length < 1 || String(action.label).length > 20)) errors.push({ message: 'Length must be between 1 and 20', property: `areas[${i}].action.label` });
    if (action.type === 'uri') {
      if (!/^(https?:\/\/|tel:|line:\/\/)/.test(String(action.uri ?? '')) || String(action.uri).length > 1000) errors.push({ message: 'invalid uri', property: `areas[${i}].action.uri` });
    } else if (action.type === 'message') {
      const text = String(action.text ?? '');
      if (text.length < 1 || text.length > 300) errors.push({ message: 'Length must be between 1 and 300', property: `areas[${i}].action.text` });
    } else {
      errors.push({ message: 'invalid action type', property: `areas[${i}].action.type` });
    }
  });
  return errors;
}

export function richMenuDouble(): RichMenuDouble {
  const menus = new Map<string, Map<string, DoubleRichMenu>>();
  const defaults = new Map<string, string>();
  const of = (channelId: string) => menus.get(channelId) ?? menus.set(channelId, new Map()).get(channelId)!;
  const notFound = { status: 404, body: { message: 'Not found' } };
  let refusal: { status: number; body: Json } | null = null;

  return {
    menus,
    refuseNextUpload: (status, body) => {
      refusal = { status, body };
    },
    defaultOf: (channelId) => {
      const id = defaults.get(channelId);
      return id ? menus.get(channelId)?.get(id) : undefined;
    },
    handle(channelId, method, path, contentType, raw, bytes) {
      const own = of(channelId);
      if (path === '/v2/bot/richmenu' && method === 'POST') {
        const body = raw ? (JSON.parse(raw) as Json) : {};
        const errors = objectErrors(body);
        if (errors.length > 0) return { status: 400, body: { message: `The request body has ${errors.length} error(s)`, details: errors } };
        if (own.size >= 1000) return { status: 400, body: { message: 'The maximum number of rich menus has been reached' } };
        const richMenuId = `richmenu-${randomBytes(16).toString('hex')}`;
        own.set(richMenuId, { richMenuId, object: body, image: null });
        return { status: 200, body: { richMenuId } };
      }
      if (path === '/v2/bot/richmenu/list' && method === 'GET') return { status: 200, body: { richmenus: [...own.values()].map((m) => ({ richMenuId: m.richMenuId, ...m.object })) } };
      let match = /^\/v2\/bot\/richmenu\/([^/]+)\/content$/.exec(path);
      if (match && method === 'POST') {
        const menu = own.get(match[1]!);
        if (!menu) return notFound;
        if (refusal) {
          const answer = refusal;
          refusal = null;
          return answer;
        }
        const type = contentType.split(';')[0]!.trim();
        if (type !== 'image/jpeg' && type !== 'image/png') return { status: 415, body: { message: 'Unsupported Media Type' } };
        if (bytes.length > 1024 * 1024) return { status: 413, body: { message: 'Request Entity Too Large' } };
        if (menu.image) return { status: 400, body: { message: 'An image has already been uploaded to the richmenu' } };
        const size = imagePixelSize(bytes);
        if (!size || size.mimeType !== type) return { status: 400, body: { message: 'Invalid image' } };
        if (size.width !== menu.object.size.width || size.height !== menu.object.size.height) return { status: 400, body: { message: 'Image size is not matched with the size of the rich menu' } };
        menu.image = { mimeType: type, bytes: bytes.length };
        return { status: 200, body: {} };
      }
      match = /^\/v2\/bot\/user\/all\/richmenu\/([^/]+)$/.exec(path);
      if (match && method === 'POST') {
        const menu = own.get(match[1]!);
        if (!menu) return { status: 404, body: { message: 'richmenu not found' } };
        if (!menu.image) return { status: 400, body: { message: 'must upload richmenu image before applying it to user' } };
        defaults.set(channelId, menu.richMenuId);
        return { status: 200, body: {} };
      }
      if (path === '/v2/bot/user/all/richmenu') {
        if (method === 'GET') return defaults.has(channelId) ? { status: 200, body: { richMenuId: defaults.get(channelId) } } : { status: 404, body: { message: 'no default richmenu' } };
        if (method === 'DELETE') {
          defaults.delete(channelId);
          return { status: 200, body: {} };
        }
      }
      match = /^\/v2\/bot\/richmenu\/([^/]+)$/.exec(path);
      if (match && method === 'DELETE') {
        if (!own.delete(match[1]!)) return notFound;
        if (defaults.get(channelId) === match[1]) defaults.delete(channelId);
        return { status: 200, body: {} };
      }
      return undefined;
    },
  };
}
