import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import { departmentTargetBodySchema, departmentTargetListSchema, departmentTargetQuerySchema, departmentTargetSchema } from './department-targets.ts';
import {
  associateFilterQuerySchema,
  associateFilterSchema,
  dealBoardColumnQuerySchema,
  dealBoardPageSchema,
  dealBoardQuerySchema,
  dealBoardSchema,
  dealCreateBodySchema,
  dealFieldSettingSchema,
  dealFunnelQuerySchema,
  dealFunnelSchema,
  dealIdSchema,
  dealListQuerySchema,
  dealListSchema,
  dealPickerQuerySchema,
  dealPickerSchema,
  dealSchema,
  dealsFilterSchema,
  dealStageBodySchema,
  dealTargetBodySchema,
  dealTargetListSchema,
  dealTargetQuerySchema,
  dealTargetSchema,
  dealTransferBodySchema,
  dealUpdateBodySchema,
  dealViewSchema,
  recentDealsSchema,
} from './deals.ts';

/**
 * Deals (the product's "opportunities", docs/product.md#api). Another workspace's deal → 404, nothing
 * changed; a bad stage → 400 naming `stage`. Notes and timeline of a deal: /api/notes and /api/timeline
 * with entityType=deal; its custom field definitions: /api/field/deal (custom fields).
 */
export const dealsEndpoints = endpoints('deals', {
  filter: { method: 'GET', path: '/deals-filter', access: 'member', response: dealsFilterSchema },
  list: { method: 'GET', path: '/page/deal/list', access: 'member', query: dealListQuerySchema, response: dealListSchema },
  /** The deal picker (the path's spelling is the API's). */
  pick: { method: 'GET', path: '/list-without-pagenation', access: 'member', query: dealPickerQuerySchema, response: dealPickerSchema },
  board: { method: 'GET', path: '/deal/board', access: 'member', query: dealBoardQuerySchema, response: dealBoardSchema },
  boardColumn: { method: 'GET', path: '/deal/board/column', access: 'member', query: dealBoardColumnQuerySchema, response: dealBoardPageSchema },
  view: { method: 'GET', path: '/page/deal/view/:id', access: 'member', params: idParamsSchema, response: dealViewSchema },
  get: { method: 'GET', path: '/deal/:id', access: 'member', params: idParamsSchema, response: dealSchema },
  create: { method: 'POST', path: '/deal', access: 'member', body: dealCreateBodySchema, response: dealIdSchema },
  update: { method: 'PUT', path: '/deal/:id', access: 'member', params: idParamsSchema, body: dealUpdateBodySchema, response: dealIdSchema },
  moveToStage: { method: 'PUT', path: '/deal/:id/stage', access: 'member', params: idParamsSchema, body: dealStageBodySchema, response: dealSchema },
  /** To the trash. */
  remove: { method: 'DELETE', path: '/deal/:id', access: 'member', params: idParamsSchema, response: z.null() },
  duplicate: { method: 'POST', path: '/deal-duplicate/:id', access: 'member', params: idParamsSchema, response: dealIdSchema },
  transfer: { method: 'POST', path: '/dealTransfer', access: 'member', body: dealTransferBodySchema, response: z.null() },
  fieldSetting: { method: 'GET', path: '/dealFieldSetting', access: 'member', response: dealFieldSettingSchema },
  /** System administrators. */
  saveFieldSetting: { method: 'POST', path: '/dealFieldSetting', access: 'member', body: dealFieldSettingSchema, response: dealFieldSettingSchema },
  targets: { method: 'GET', path: '/dealTarget', access: 'member', query: dealTargetQuerySchema, response: dealTargetListSchema },
  saveTarget: { method: 'POST', path: '/dealTarget', access: 'member', body: dealTargetBodySchema, response: dealTargetSchema },
  /** System administrators (as saveTarget): twelve months of a department, null where none is stored. */
  departmentTargets: { method: 'GET', path: '/departmentTarget', access: 'member', query: departmentTargetQuerySchema, response: departmentTargetListSchema },
  saveDepartmentTarget: { method: 'POST', path: '/departmentTarget', access: 'member', body: departmentTargetBodySchema, response: departmentTargetSchema },
  funnel: { method: 'GET', path: '/statistics/dealFunnel', access: 'member', query: dealFunnelQuerySchema, response: dealFunnelSchema },
  recentWeek: { method: 'GET', path: '/dealRecently/week', access: 'member', response: recentDealsSchema },
  associateFilter: { method: 'GET', path: '/associate/filter', access: 'member', query: associateFilterQuerySchema, response: associateFilterSchema },
}, { scope: 'deals' });
