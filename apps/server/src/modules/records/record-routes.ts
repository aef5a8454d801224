import { multipartJsonFields, type RecordEndpoints, type RecordListQuery } from '@lodestar/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../platform/route.ts';
import { actorOf } from '../access/auth/auth.ts';
import { readForm, type Upload } from '../access/files/files.ts';
import type { Actor } from '../access/privileges/access-core.ts';


/** What a record module's service does for its shared endpoints. */
export interface RecordRouteService {
  list(db: Db, actor: Actor, query: RecordListQuery): Promise<unknown>;
  view(db: Db, actor: Actor, id: string): Promise<unknown>;
  get(db: Db, actor: Actor, id: string): Promise<unknown>;
  /** Create, or edit when the body has an id; the body is validated by the service (multipart or JSON). */
  save(db: Db, actor: Actor, body: unknown, options: { upload?: Upload | undefined; dataDir: string }): Promise<{ id: string }>;
  transfer(db: Db, actor: Actor, ids: string[], ownerUserId: string): Promise<number>;
  /** To the trash. */
  remove(db: Db, actor: Actor, ids: string[]): Promise<number>;
}

/** Registers the endpoints contacts and companies share, each served by the module's service. */
export function recordRoutes(app: FastifyInstance, api: RecordEndpoints, service: RecordRouteService): void {
  // The busiest pages: answers built field by field skip the schema on the way out (platform/route.ts).
  route(app, api.list, async (request) => service.list(app.db, actorOf(request), request.query), { builtAnswer: true });
  route(app, api.view, async (request) => service.view(app.db, actorOf(request), request.params.id), { builtAnswer: true });
  route(app, api.get, async (request) => service.get(app.db, actorOf(request), request.params.id));
  route(app, api.save, async (request) => {
    const form = await readForm(request, multipartJsonFields);
    return service.save(app.db, actorOf(request), form.body, { upload: form.upload, dataDir: app.config.dataDir });
  });
  route(app, api.transfer, async (request) => {
    const { ids, ownerUserId } = request.body;
    return { count: await service.transfer(app.db, actorOf(request), ids, ownerUserId) };
  });
  route(app, api.removeMany, async (request) => ({ count: await service.remove(app.db, actorOf(request), request.body.ids) }));
  route(app, api.remove, async (request) => {
    await service.remove(app.db, actorOf(request), [request.params.id]);
    return null;
  });
}
