import { multipartJsonFields } from '@lodestar/contract';

const jsonFields = new Set<string>(multipartJsonFields);

/**
 * The multipart body of POST /api/customer and /api/company (contract records.ts): scalar fields as
 * form fields, list/object fields as JSON text, the avatar as the file part `fileAvatar`.
 */
export function toMultipart(body: Record<string, unknown>, avatar?: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (jsonFields.has(key) || (value !== null && typeof value === 'object')) form.append(key, JSON.stringify(value));
    else form.append(key, value === null ? '' : String(value));
  }
  if (avatar) form.append('fileAvatar', avatar);
  return form;
}
