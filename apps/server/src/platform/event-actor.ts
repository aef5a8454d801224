import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * Who an event's change is by (the outbox's `actor`, docs/decisions/0018-events-outbox-and-webhooks.md): `user:<id>`
 * once a request is signed in, `public` for anonymous calls (the booking page), `system` for jobs, or what a job
 * names with `runAsEventActor`. The database triggers read it from the connection's `lodestar.actor` setting, which
 * the app's pg client sets before a write statement whenever the caller's actor differs from the connection's.
 */
const storage = new AsyncLocalStorage<{ actor: string }>();

export function currentEventActor(): string {
  return storage.getStore()?.actor ?? 'system';
}

/** Runs `work` with `actor` as the author of the events its writes leave. */
export function runAsEventActor<T>(actor: string, work: () => T): T {
  return storage.run({ actor }, work);
}

/** Sets the current request's actor (requireUser, once the session is known). */
export function setEventActor(actor: string): void {
  const store = storage.getStore();
  if (store) store.actor = actor;
}

/** Every request starts anonymous; the store is mutable so the auth guard can name the user later in the chain. */
export function registerEventActor(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => storage.run({ actor: 'public' }, done));
}

const writeStatement = /^\s*(?:insert|update|delete|with)\b/i;
const rollback = /^\s*rollback\b/i;
const setActor = `select set_config('lodestar.actor', $1, false)`;

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * A pg.Client class whose connections carry the caller's actor to the triggers. The setting is session-wide and sent
 * only when it changes (one small statement before the write on the same connection); a rollback may undo it, so
 * after one the connection's value counts as unknown. Drizzle runs a query when it is awaited: `runAsEventActor`'s
 * work must await its writes inside.
 */
export function eventActorClient(Base: typeof pg.Client): typeof pg.Client {
  class EventActorClient extends Base {
    private eventActor: string | undefined;

    override query(...args: QueryArgs): never {
      const run = super.query.bind(this) as (...a: QueryArgs) => never;
      const text = textOf(args[0]);
      if (text === undefined || (args[0] as { submit?: unknown }).submit) return run(...args);
      if (rollback.test(text)) this.eventActor = undefined;
      const actor = currentEventActor();
      if (!writeStatement.test(text) || actor === this.eventActor) return run(...args);
      this.eventActor = actor;
      const [config, maybeValues, maybeCallback] = args;
      const callback = typeof maybeValues === 'function' ? maybeValues : maybeCallback;
      const values = typeof maybeValues === 'function' ? undefined : maybeValues;
      // The setting first, then the write; a failure of the setting (an aborted transaction) fails the write as well.
      const forget = () => {
        this.eventActor = undefined;
      };
      if (typeof callback === 'function') {
        return run(setActor, [actor], (error: unknown) => {
          if (error) forget();
          run(config, values, callback);
        });
      }
      return (run(setActor, [actor]) as Promise<unknown>).catch(forget).then(() => run(config, values)) as never;
    }
  }
  return EventActorClient as unknown as typeof pg.Client;
}
