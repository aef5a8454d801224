import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { countSchema } from '../platform/common.ts';
import {
  tagApplyBodySchema,
  tagCreateBodySchema,
  tagKindParamsSchema,
  tagParamsSchema,
  tagSchema,
  tagSettingByTreeBodySchema,
  tagSettingShowBodySchema,
  tagSingleUpdateBodySchema,
  tagTypeCreateBodySchema,
} from './tags.ts';

/** /api/tags/customer/… for contacts and /api/tags/company/… for companies (docs/product.md#api). */
export const tagsEndpoints = endpoints('tags', {
  tree: { method: 'GET', path: '/tags/:kind/toTree', access: 'member', params: tagKindParamsSchema, response: z.array(tagSchema) },
  create: { method: 'POST', path: '/tags/:kind', access: 'member', params: tagKindParamsSchema, body: tagCreateBodySchema, response: tagSchema },
  createType: { method: 'POST', path: '/tags/:kind/type', access: 'member', params: tagKindParamsSchema, body: tagTypeCreateBodySchema, response: tagSchema },
  saveTree: { method: 'POST', path: '/tags/:kind/settingByTree', access: 'member', params: tagKindParamsSchema, body: tagSettingByTreeBodySchema, response: z.array(tagSchema) },
  setShown: { method: 'POST', path: '/tags/:kind/settingShow', access: 'member', params: tagKindParamsSchema, body: tagSettingShowBodySchema, response: z.null() },
  apply: { method: 'POST', path: '/tags/:kind/apply', access: 'member', params: tagKindParamsSchema, body: tagApplyBodySchema, response: countSchema },
  setRecordTags: { method: 'POST', path: '/tags/:kind/singleUpdate', access: 'member', params: tagKindParamsSchema, body: tagSingleUpdateBodySchema, response: z.null() },
  remove: { method: 'DELETE', path: '/tags/:kind/:id', access: 'member', params: tagParamsSchema, response: z.null() },
});
