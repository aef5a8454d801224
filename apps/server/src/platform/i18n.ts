import { resolveLocale, type Locale } from '@lodestar/contract';
import type { FastifyRequest } from 'fastify';

/** The language of one request: Accept-Language, zh-TW when absent or unsupported. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return resolveLocale(Array.isArray(header) ? header.join(',') : header);
}
