import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';

/** Uploaded files of the caller's workspace (avatars, attachments), answered as the file itself. */
export const filesEndpoints = endpoints('files', {
  get: { method: 'GET', path: '/files/:id', access: 'member', params: idParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The file, with its stored content type.', mediaTypes: ['application/octet-stream', 'image/*', 'application/pdf'] } },
});
