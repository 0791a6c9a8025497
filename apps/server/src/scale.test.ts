/**
 * Past one machine (docs/scaling.md): three app instances on one PostgreSQL primary with a
 * streaming replica of its own (DATABASE_READ_URL, decision 052), as behind a load balancer, each
 * listening on a loopback port. What makes them interchangeable is checked here: realtime events
 * made through one reach sockets on all three (LISTEN/NOTIFY), a write through one is read at
 * once through the others (the read cache follows the change log and keeps no answer older than
 * it), their reads are served by the replica, and the sign-in rate limit and the two-factor
 * counters are shared (they live in the database).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { bootstrap } from './bootstrap.js';
import { openDatabase, type Database } from './db/client.js';
import { STORE, login, registerUser, testConfig } from '../test/helpers.js';
import { canStartCluster, startPrimaryWithReplica, type PgCluster } from '../test/pg-cluster.js';
import { listen, signedIn, type Message } from '../test/sockets.js';

export interface Instance {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** ws://127.0.0.1:<port>/api/realtime */
  socketUrl: string;
  database: Database;
  close(): Promise<void>;
}

export interface InstanceOptions {
  /** The primary: every write, and the reads that must see them. */
  databaseUrl: string;
  /** Reads that may lag (DATABASE_READ_URL): a streaming replica of the primary. */
  readUrl?: string;
  /** The configuration every instance shares (same secrets, same data directory). */
  config: AppConfig;
  poolSize?: number;
}

/** One instance's database connection: its own pool and LISTEN connection, as in production. */
function openInstanceDatabase(options: InstanceOptions): Promise<Database> {
  return openDatabase({
    databaseUrl: options.databaseUrl,
    poolSize: options.poolSize ?? 3,
    ...(options.readUrl
      ? { readUrls: [options.readUrl], readMaxLagMs: 3_000, readCheckMs: 100 }
      : {}),
  });
}

/** `n` app instances on one database, each listening on a free loopback port. */
export async function startInstances(n: number, options: InstanceOptions): Promise<Instance[]> {
  const out: Instance[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const database = await openInstanceDatabase(options);
      const app = await buildApp({ config: options.config, database, logger: false });
      await app.ready();
      const socketUrl = await listen(app);
      out.push({
        app,
        socketUrl,
        database,
        baseUrl: socketUrl.replace(/^ws/, 'http').replace(/\/api\/realtime$/, ''),
        async close() {
          await app.close();
          await database.close();
        },
      });
    }
  } catch (err) {
    for (const instance of out) await instance.close();
    throw err;
  }
  return out;
}

/** A request over HTTP to one instance, as a browser behind the load balancer makes it. */
async function http(
  instance: Instance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(instance.baseUrl + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe.runIf(STORE === 'postgres' && canStartCluster)(
  'three instances on one PostgreSQL primary with a replica',
  () => {
    let cluster: PgCluster | undefined;
    let setupDb: Database | undefined;
    let setupApp: FastifyInstance;
    let config: AppConfig | undefined;
    let nodes: Instance[];
    let admin: string;
    let ann: { token: string; id: string };
    let bob: { token: string; id: string };

    beforeAll(async () => {
      // A primary and its streaming replica of the test's own; the database is migrated and given
      // its first administrator and people through a setup app, and the three instances are
      // opened on it beside it, each reading through the replica.
      cluster = await startPrimaryWithReplica();
      config = testConfig({ databaseUrl: cluster.primaryUrl });
      setupDb = await openDatabase({ databaseUrl: cluster.primaryUrl, poolSize: 3 });
      await setupDb.migrate();
      await bootstrap(config, setupDb, () => {});
      setupApp = await buildApp({ config, database: setupDb, logger: false });
      await setupApp.ready();
      admin = (await login(setupApp)).accessToken;
      for (const [who, email] of [
        ['ann', 'ann@scale.local'],
        ['bob', 'bob@scale.local'],
      ] as const) {
        const r = await registerUser(setupApp, { email, password: 'a-long-unusual-password' });
        const person = { token: r.accessToken, id: r.user.id };
        if (who === 'ann') ann = person;
        else bob = person;
      }
      nodes = await startInstances(3, {
        databaseUrl: cluster.primaryUrl,
        readUrl: cluster.replicaUrl,
        config,
      });
    }, 60_000);
    afterAll(async () => {
      for (const node of nodes ?? []) await node.close();
      await setupApp?.close().catch(() => {});
      await setupDb?.close().catch(() => {});
      await cluster?.close();
      if (config) rmSync(config.dataDir, { recursive: true, force: true });
    });

    it('realtime events made through one reach sockets on all three: kanban, chat, notification', async () => {
      const adminSockets = await Promise.all(nodes.map((n) => signedIn(n.socketUrl, admin)));
      const bobSockets = await Promise.all(nodes.map((n) => signedIn(n.socketUrl, bob.token)));
      const everywhere = (
        sockets: Array<Awaited<ReturnType<typeof signedIn>>>,
        pred: (m: Message) => boolean,
      ) => Promise.all(sockets.map((s) => s.next(pred, 3000)));
      try {
        // A kanban change through the first instance.
        const column = await http(
          nodes[0]!,
          'POST',
          '/api/kanban/columns/new',
          { name: 'Scale' },
          admin,
        );
        expect(column.status, JSON.stringify(column.body)).toBeLessThan(300);
        const columnId = (column.body.column as { id: string }).id;
        const card = await http(
          nodes[0]!,
          'POST',
          '/api/kanban/cards/new',
          { columnId, card: { name: 'across three', assigneeIds: [bob.id] } },
          admin,
        );
        expect(card.status, JSON.stringify(card.body)).toBeLessThan(300);
        const cardId = (card.body.card as { id: string }).id;
        const moved = await http(
          nodes[0]!,
          'POST',
          '/api/kanban/cards/move',
          { cardId, toColumnId: columnId, toIndex: 0 },
          admin,
        );
        expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300);
        const moves = await everywhere(
          adminSockets,
          (m) => m.event?.type === 'kanban.card.moved' && m.event.payload.cardId === cardId,
        );
        expect(moves).toHaveLength(3);

        // The assignment made Bob a notification: it reaches his sockets on the three instances.
        const notified = await everywhere(
          bobSockets,
          (m) =>
            m.event?.type === 'notification.created' && m.event.payload.type === 'kanban.assigned',
        );
        expect(notified).toHaveLength(3);

        // A chat message from Ann through the second instance reaches Bob on all three.
        const conversation = await http(
          nodes[1]!,
          'POST',
          '/api/chat/conversations/new',
          { participantIds: [bob.id] },
          ann.token,
        );
        expect([200, 201]).toContain(conversation.status);
        const conversationId = (conversation.body.conversation as { id: string }).id;
        const said = await http(
          nodes[1]!,
          'POST',
          '/api/chat/messages/new',
          { conversationId, clientId: crypto.randomUUID(), body: 'hello from instance two' },
          ann.token,
        );
        expect([200, 201]).toContain(said.status);
        const messages = await everywhere(
          bobSockets,
          (m) =>
            m.event?.type === 'chat.message' &&
            (m.event.payload.message as { body?: string }).body === 'hello from instance two',
        );
        expect(messages).toHaveLength(3);
      } finally {
        for (const s of [...adminSockets, ...bobSockets]) s.socket.close();
      }
    });

    it('a write through one is read at once through the other two', async () => {
      // Read first everywhere, so each instance's read cache holds the old answer.
      for (const node of nodes) {
        const before = await http(node, 'GET', '/api/account/my-account/', undefined, ann.token);
        expect(before.status).toBe(200);
      }
      for (let round = 0; round < 3; round++) {
        const writer = nodes[round % 3]!;
        const firstName = `Ann${round}`;
        const patched = await http(writer, 'PATCH', `/api/users/${ann.id}`, { firstName }, admin);
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
        for (const reader of nodes.filter((n) => n !== writer)) {
          const read = await http(reader, 'GET', `/api/users/${ann.id}`, undefined, admin);
          expect(read.status).toBe(200);
          expect((read.body.user as { firstName: string }).firstName).toBe(firstName);
        }
      }
    });

    it('reads served by the replica on every instance, writes on the primary', async () => {
      for (const node of nodes) {
        const before = node.database.readStats!().replica1 ?? 0;
        // Other query strings each time: each answer is computed, not kept.
        const end = Date.now() + 8_000;
        for (let i = 1; (node.database.readStats!().replica1 ?? 0) <= before; i++) {
          if (Date.now() > end) throw new Error('no read reached the replica');
          const res = await http(
            node,
            'GET',
            `/api/users?limit=${(i % 90) + 1}`,
            undefined,
            bob.token,
          );
          expect(res.status).toBe(200);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    });

    it('the sign-in rate limit is shared: failures spread over three instances end in 429', async () => {
      const email = 'target@scale.local';
      await registerUser(setupApp, { email, password: 'target-password-1' });
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        const r = await http(nodes[i % 3]!, 'POST', '/api/account/login', {
          email,
          password: `wrong-${i}-password`,
        });
        statuses.push(r.status);
      }
      // Five free failures, as on one instance; with a counter per instance each would have seen
      // three and answered 401 every time.
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toContain(429);
      // Even the right password waits now, on every instance.
      for (const node of nodes) {
        const r = await http(node, 'POST', '/api/account/login', {
          email,
          password: 'target-password-1',
        });
        expect(r.status).toBe(429);
      }
    });

    it('two-factor counters are shared: wrong codes spread over three instances lock as on one', async () => {
      const email = 'guessed@scale.local';
      const password = 'first-password-one';
      const { accessToken } = await registerUser(setupApp, { email, password });
      const setup = await http(
        nodes[0]!,
        'POST',
        '/api/account/2fa/setup',
        { password },
        accessToken,
      );
      expect(setup.status).toBe(200);
      const secret = setup.body.secret as string;
      const enabled = await http(
        nodes[1]!,
        'POST',
        '/api/account/2fa/enable',
        { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
        accessToken,
      );
      expect(enabled.status).toBe(200);
      const first = await http(nodes[2]!, 'POST', '/api/account/login', { email, password });
      expect(first.body.mfaRequired).toBe(true);
      const mfaToken = first.body.mfaToken as string;
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        const r = await http(nodes[i % 3]!, 'POST', '/api/account/login/2fa', {
          mfaToken,
          code: String(100000 + i),
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toContain(429);
    });
  },
);
