import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { uuidSchema } from '../platform/common.ts';
import {
  salesStageTypeListSchema,
  salesStageTypeSchema,
  stageCreateBodySchema,
  stageIdParamsSchema,
  stageSchema,
  stageSortBodySchema,
  stageTypeSaveBodySchema,
  stageUpdateBodySchema,
} from './sales-stages.ts';

const stageTypeParamsSchema = z.object({ id: uuidSchema });

/** Sales stage types and their stages (docs/product.md#fields, #limits); writes need a system administrator. */
export const salesStagesEndpoints = endpoints('sales stages', {
  /** Every type with its stages; the default type is created on first use. */
  list: { method: 'GET', path: '/settings/stage', access: 'member', response: salesStageTypeListSchema, scope: 'deals' },
  createType: { method: 'POST', path: '/settings/stageType', access: 'member', body: stageTypeSaveBodySchema, response: salesStageTypeSchema },
  renameType: { method: 'PUT', path: '/settings/stageType/:id', access: 'member', params: stageTypeParamsSchema, body: stageTypeSaveBodySchema, response: salesStageTypeSchema },
  /** 409 STAGE_IN_USE while deals use it; the default type cannot go. */
  removeType: { method: 'DELETE', path: '/settings/stageType/:id', access: 'member', params: stageTypeParamsSchema, response: z.null() },
  /** Free plan: 6 stages, else 403 PLAN_LIMIT_REACHED. */
  create: { method: 'POST', path: '/settings/stage', access: 'member', body: stageCreateBodySchema, response: stageSchema },
  /** The ids must be exactly the type's stages. */
  sort: { method: 'POST', path: '/settings/stage/sort', access: 'member', body: stageSortBodySchema, response: salesStageTypeSchema },
  update: { method: 'PUT', path: '/settings/stage/:id', access: 'member', params: stageIdParamsSchema, body: stageUpdateBodySchema, response: stageSchema },
  /** 409 STAGE_IN_USE while deals sit in it. */
  remove: { method: 'DELETE', path: '/settings/stage/:id', access: 'member', params: stageIdParamsSchema, response: z.null() },
});
