/**
 * The bench's yardstick (issue: per-request cost): a bare Fastify + node-postgres route with no code of ours —
 * look up the bearer token's session, then return the first 50 live contacts of the workspace in index order
 * (contacts_org_updated_idx). `node --import tsx bench/baseline-server.ts` with DATABASE_URL and PORT; prints
 * "listening" when ready (once per process). Same pool size as the app (db/client.ts). BASELINE_PROCESSES=2
 * forks two processes sharing the port with node:cluster, as the app does with WEB_CONCURRENCY: how far the bare
 * route scales on this machine is the ceiling the app's own scaling is read against.
 */
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const processes = Number(process.env.BASELINE_PROCESSES ?? 1);

if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });

  app.get<{ Querystring: { orgId?: string } }>('/contacts', async (request, reply) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const hash = createHash('sha256').update(token).digest('hex');
    const session = await pool.query('select user_id from sessions where token_hash = $1 and expires_at > now()', [hash]);
    if (session.rowCount === 0) return reply.code(401).send({ result: 'fail' });
    const { rows } = await pool.query(
      'select * from contacts where org_id = $1 and deleted_at is null order by updated_at desc, id desc limit 50',
      [request.query.orgId],
    );
    return { result: 'success', data: rows };
  });

  await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
  console.log('listening');
  // A clean exit on SIGTERM, so `--cpu-prof` writes its profile (bench/profile.ts).
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}
