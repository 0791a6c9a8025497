import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBody } from '../../test/fixtures.js';
import { call, login, STORE, testConfig } from '../../test/helpers.js';
import { canStartCluster, startPrimaryWithReplica, type PgCluster } from '../../test/pg-cluster.js';
import { buildApp } from '../app.js';
import { bootstrap } from '../bootstrap.js';
import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { parseLsn, readOnly } from './replicas.js';

describe('what may go to a replica', () => {
  it('sends reads, never writes, locking reads or a CTE that writes', () => {
    expect(readOnly('select * from users where updated_at > $1')).toBe(true);
    expect(readOnly('  WITH t AS (SELECT 1) SELECT * FROM t')).toBe(true);
    expect(readOnly('insert into users values (1)')).toBe(false);
    expect(readOnly('WITH d AS (DELETE FROM x RETURNING *) SELECT * FROM d')).toBe(false);
    expect(readOnly('SELECT * FROM jobs FOR UPDATE SKIP LOCKED')).toBe(false);
    expect(readOnly("SELECT nextval('s')")).toBe(false);
    expect(readOnly('ANALYZE')).toBe(false);
  });

  it('orders WAL positions as PostgreSQL does', () => {
    expect(parseLsn('0/3000060') > parseLsn('0/3000000')).toBe(true);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });
});

// Decision 052. A primary and a streaming replica of its own (PostgreSQL 15 binaries of this
// machine); on the PostgreSQL run only, like the other tests that need a server.
describe.runIf(STORE === 'postgres' && canStartCluster)('read replicas', () => {
  let cluster: PgCluster | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let config: AppConfig | undefined;
  let token: string;

  const stats = () => database!.readStats!();
  const replica = () => database!.targetStats!().find((t) => t.target === 'replica1')!;
  const get = (url: string) => call(app!, token, { method: 'GET', url });

  async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 8_000) {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** One statement on the replica, on a connection of the test's own. */
  async function onReplica(text: string) {
    const c = new pg.Client({ connectionString: cluster!.replicaUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    cluster = await startPrimaryWithReplica();
    database = await openDatabase({
      databaseUrl: cluster.primaryUrl,
      poolSize: 4,
      readUrls: [cluster.replicaUrl],
      readMaxLagMs: 3_000,
      readCheckMs: 100,
    });
    config = testConfig({ databaseUrl: cluster.primaryUrl });
    await database.migrate();
    await bootstrap(config, database, () => {});
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    token = (await login(app)).accessToken;
  }, 60_000);

  afterAll(async () => {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await cluster?.close();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('answers GET requests’ reads from the replica, and counts them', async () => {
    await until('the replica to catch up', () => replica().healthy && replica().lagMs === 0);
    const before = stats().replica1!;
    // Other query strings each time: the read cache computes each answer.
    let i = 0;
    await until('a read served by the replica', async () => {
      i++;
      const users = await get(`/api/users?limit=${(i % 90) + 1}`);
      expect(users.statusCode).toBe(200);
      expect(users.json().users.length).toBeGreaterThan(0);
      const products = await get(`/api/products?limit=${(i % 90) + 1}`);
      expect(products.statusCode).toBe(200);
      return stats().replica1! > before;
    });
    expect(stats().replica1).toBeGreaterThan(0);
    expect(stats().primary).toBeGreaterThan(0);
    // And in the metrics, by target.
    const text = await app!.metrics.registry.metrics();
    expect(text).toMatch(/^bo_db_pool_connections\{target="replica1",state="idle"\} \d+$/m);
    expect(text).toMatch(/^bo_db_pool_connections\{target="primary",state="busy"\} \d+$/m);
    expect(text).toMatch(/^bo_db_target_statements_total\{target="replica1"\} [1-9]\d*$/m);
    expect(text).toMatch(/^bo_db_replica_healthy\{target="replica1"\} 1$/m);
  });

  it('reads a person’s own write back at once, with the replica behind', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await call(app!, token, {
        method: 'POST',
        url: '/api/products',
        payload: productBody({ name: 'Replica Lag Shoe' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { slug } = created.json().product as { slug: string };
      const onReplicaBefore = stats().replica1!;
      const read = await get(`/api/products/product?name=${slug}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().product.name).toBe('Replica Lag Shoe');
      const list = await get('/api/products?q=Replica%20Lag&limit=7');
      expect(list.json().products.map((p: { slug: string }) => p.slug)).toContain(slug);
      // Its reads came from the primary: the replica has not replayed the write.
      expect(stats().replica1).toBe(onReplicaBefore);
      const [row] = await onReplica(
        `SELECT count(*)::int AS n FROM products WHERE slug = '${slug}'`,
      );
      expect(row.n).toBe(0);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    // Once replayed, the replica answers this person again.
    await until(
      'the replica to replay the write',
      () => replica().healthy && replica().lagMs === 0,
    );
    const before = stats().replica1!;
    let i = 0;
    await until('a read served by the replica again', async () => {
      i++;
      await get(`/api/products?q=Replica%20Lag&limit=${(i % 90) + 1}`);
      return stats().replica1! > before;
    });
  });

  it('skips a replica that went down without an error to the person', async () => {
    // A second instance that checks its replica once only: the replica still looks healthy to
    // it when it goes down, so its next reads fail there and must be answered by the primary.
    const database2 = await openDatabase({
      databaseUrl: cluster!.primaryUrl,
      poolSize: 2,
      readUrls: [cluster!.replicaUrl],
      readMaxLagMs: 3_000,
      readCheckMs: 600_000,
    });
    const app2 = await buildApp({
      config: { ...config!, readCache: 'off' },
      database: database2,
      logger: false,
    });
    try {
      await app2.ready();
      const get2 = (url: string) => call(app2, token, { method: 'GET', url });
      const replica2 = () => database2.targetStats!().find((t) => t.target === 'replica1')!;
      const slugs = (body: { products: Array<{ slug: string }> }) =>
        body.products.map((p) => p.slug);
      const expected = slugs((await get2('/api/products?q=Replica%20Lag&limit=11')).json());
      expect(expected).toHaveLength(1);
      expect(replica2().statements).toBeGreaterThan(0); // it did read from the replica

      await cluster!.stopReplica();
      expect(replica2().healthy).toBe(true); // not checked again yet
      const primaryBefore = database2.readStats!().primary!;
      for (let i = 0; i < 3; i++) {
        const res = await get2(`/api/products?q=Replica%20Lag&limit=${20 + i}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(slugs(res.json())).toEqual(expected);
        const users = await get2(`/api/users?limit=${30 + i}`);
        expect(users.statusCode, users.body).toBe(200);
        expect(users.json().users.length).toBeGreaterThan(0);
      }
      expect(replica2().fallbacks).toBeGreaterThan(0);
      expect(replica2().healthy).toBe(false);
      expect(database2.readStats!().primary).toBeGreaterThan(primaryBefore);

      // The first instance's check finds it down too; its reads go to the primary.
      await until('the check to find the replica down', () => !replica().healthy, 3_000);
      const onReplicaBefore = stats().replica1!;
      const res = await get(`/api/products?q=Replica%20Lag&limit=41`);
      expect(res.statusCode).toBe(200);
      expect(slugs(res.json())).toEqual(expected);
      expect(stats().replica1).toBe(onReplicaBefore);
    } finally {
      await app2.close();
      await database2.close();
    }
  });
});
