import { z } from 'zod';
import { countSchema, createdIdSchema, idParamsSchema, idsBodySchema } from '../platform/common.ts';
import { recordListQuerySchema, transferBodySchema } from './records.ts';

/**
 * The endpoints contacts and companies share, under the product's path word (`customer` for contacts,
 * `company`): list, detail view, one record, save (multipart, or JSON), delete one or many to the trash,
 * owner transfer. Each module adds its own (recent contacts, duplicate check, association).
 */
export function recordEndpointDefs<
  W extends 'customer' | 'company',
  L extends z.ZodType,
  V extends z.ZodType,
  R extends z.ZodType,
  S extends z.ZodType,
>(
  word: W,
  schemas: { list: L; view: V; record: R; save: S },
) {
  return {
    list: { method: 'GET', path: `/page/${word}/listV2`, access: 'member', query: recordListQuerySchema, response: schemas.list },
    view: { method: 'GET', path: `/page/${word}/view/:id`, access: 'member', params: idParamsSchema, response: schemas.view },
    get: { method: 'GET', path: `/${word}/:id`, access: 'member', params: idParamsSchema, response: schemas.record },
    save: { method: 'POST', path: `/${word}`, access: 'member', bodyKind: 'multipart', body: schemas.save, response: createdIdSchema },
    transfer: { method: 'POST', path: `/${word}/transfer`, access: 'member', body: transferBodySchema, response: countSchema },
    removeMany: { method: 'DELETE', path: `/${word}/deleteMuti`, access: 'member', body: idsBodySchema, response: countSchema },
    remove: { method: 'DELETE', path: `/${word}/:id`, access: 'member', params: idParamsSchema, response: z.null() },
  } as const;
}

type RecordEndpointDefs = ReturnType<typeof recordEndpointDefs<'customer' | 'company', z.ZodType, z.ZodType, z.ZodType, z.ZodType>>;
/** The shared endpoints of either record kind, their schemas erased: what code written once for both takes. */
export type RecordEndpoints = { [K in keyof RecordEndpointDefs]: RecordEndpointDefs[K] & { tag: string; name: K } };
