import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productBody } from '../../../test/fixtures.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { webhooks } from '../../db/schema/webhooks.js';
import { isPrivateAddress } from '../../lib/webhook-address.js';

/** Waits until `check` answers something truthy, polling; fails after `ms`. */
async function until<T>(check: () => Promise<T> | T, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1: records each request; `/flaky` answers 500 twice, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  let flaky = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url === '/flaky' && ++flaky <= 2) {
        res.writeHead(500).end('not yet');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiving side's check, as docs/webhooks.md describes it. */
function verify(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const timestamp = String(headers['x-webhook-timestamp']);
  const signature = String(headers['x-webhook-signature']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return (
    expected.length === signature.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

const jobs = (retryLimit?: number) => ({
  workers: true,
  pollSeconds: 0.5,
  maintenanceSeconds: 1,
  overrides: {
    'webhook-delivery': {
      retryDelaySeconds: 1,
      backoff: false,
      ...(retryLimit === undefined ? {} : { retryLimit }),
    },
  },
});

describe('webhooks (WEBHOOK_ALLOW_PRIVATE=true)', () => {
  let t: TestApp;
  let admin: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true, jobs: jobs() });
    admin = (await login(t.app)).accessToken;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    call(t.app, admin, { method, url, ...(payload === undefined ? {} : { payload }) });
  const deliveries = async (id: string) =>
    (await api('GET', `/api/admin/webhooks/${id}/deliveries`)).json().deliveries as Array<{
      id: string;
      status: string;
      attempts: number;
      responseCode: number | null;
      eventId: string;
      event: string;
      redeliveryOf: string | null;
    }>;

  let hook: { id: string };
  let secret: string;

  it('creates a webhook and shows its secret once', async () => {
    const res = await api('POST', '/api/admin/webhooks', {
      url: receiver.url('/orders'),
      events: ['order.created', 'order.updated'],
      description: 'Shop sync',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(body.webhook).toMatchObject({
      url: receiver.url('/orders'),
      events: ['order.created', 'order.updated'],
      active: true,
      description: 'Shop sync',
      secretHint: body.secret.slice(-4),
      lastDelivery: null,
    });
    hook = body.webhook;
    secret = body.secret;
    const one = await api('GET', `/api/admin/webhooks/${hook.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(secret);
    const list = (await api('GET', '/api/admin/webhooks')).json();
    expect(list.webhooks.map((w: { id: string }) => w.id)).toContain(hook.id);
    expect(list.webhooks[0]).not.toHaveProperty('secret');
  });

  it('posts an order placed through the API, signed by the documented scheme', async () => {
    const product = await api(
      'POST',
      '/api/products',
      productBody({ name: 'Hooked', code: 'H-1', price: 12, quantity: 5, sizes: [], tags: [] }),
    );
    expect(product.statusCode, product.body).toBe(201);
    const placed = await api('POST', '/api/orders', {
      items: [{ productId: product.json().product.id, quantity: 1 }],
      billing: { name: 'Ada Hook', phone: '+1 555 0100', address: '1 Loop Road' },
      delivery: 'standard',
      payment: 'card',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    const got = await until(() => receiver.received.find((r) => r.path === '/orders'));
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-webhook-event']).toBe('order.created');
    expect(got.headers['x-webhook-id']).toBe(hook.id);
    expect(verify(secret, got.headers, got.body)).toBe(true);
    // A body changed on the way, or another secret, fails the check.
    expect(verify(secret, got.headers, got.body.replace('Ada', 'Eve'))).toBe(false);
    expect(verify('whsec_other', got.headers, got.body)).toBe(false);
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ event: 'order.created', data: { order: { id: order.id } } });
    const [delivery] = await until(async () => {
      const list = await deliveries(hook.id);
      return list[0]?.status === 'delivered' ? list : null;
    });
    expect(delivery).toMatchObject({ event: 'order.created', attempts: 1, responseCode: 200 });
    expect(delivery!.eventId).toBe(event.id);
    const listed = (await api('GET', `/api/admin/webhooks/${hook.id}`)).json().webhook;
    expect(listed.lastDelivery).toMatchObject({ status: 'delivered', responseCode: 200 });
  }, 30_000);

  it('redelivers a delivery: the same event (id and body), freshly signed', async () => {
    const [first] = await deliveries(hook.id);
    const before = receiver.received.length;
    const res = await api(
      'POST',
      `/api/admin/webhooks/${hook.id}/deliveries/${first!.id}/redeliver`,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().delivery).toMatchObject({ redeliveryOf: first!.id, status: 'queued' });
    const again = await until(() => receiver.received[before]);
    expect(verify(secret, again.headers, again.body)).toBe(true);
    expect(JSON.parse(again.body).id).toBe(first!.eventId);
    await until(async () => (await deliveries(hook.id)).every((d) => d.status === 'delivered'));
    const unknown = await api(
      'POST',
      `/api/admin/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
    );
    expect(unknown.statusCode).toBe(404);
  }, 30_000);

  it('retries a receiver answering 500: delivered on the third try', async () => {
    const created = await api('POST', '/api/admin/webhooks', {
      url: receiver.url('/flaky'),
      events: ['invoice.paid'],
    });
    expect(created.statusCode).toBe(201);
    const { webhook, secret: flakySecret } = created.json();
    const ping = await api('POST', `/api/admin/webhooks/${webhook.id}/ping`);
    expect(ping.statusCode, ping.body).toBe(202);
    const done = await until(async () => {
      const [d] = await deliveries(webhook.id);
      return d?.status === 'delivered' ? d : null;
    }, 30_000);
    expect(done).toMatchObject({ event: 'ping', attempts: 3, responseCode: 200 });
    const tries = receiver.received.filter((r) => r.path === '/flaky');
    expect(tries).toHaveLength(3);
    // One delivery, the same body each time, each try signed.
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    expect(new Set(tries.map((r) => r.headers['x-webhook-delivery'])).size).toBe(1);
    for (const r of tries) expect(verify(flakySecret, r.headers, r.body)).toBe(true);
    expect(JSON.parse(tries[0]!.body)).toMatchObject({ event: 'ping' });
  }, 40_000);

  it('sends only subscribed events to active webhooks', async () => {
    const off = (
      await api('POST', '/api/admin/webhooks', {
        url: receiver.url('/off'),
        events: ['user.created'],
        active: false,
      })
    ).json().webhook;
    const on = (
      await api('POST', '/api/admin/webhooks', {
        url: receiver.url('/people'),
        events: ['user.created'],
      })
    ).json().webhook;
    await registerUser(t.app, { email: 'hooked.person@test.local' }, { pending: true });
    const got = await until(() => receiver.received.find((r) => r.path === '/people'));
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'user.created',
      data: { user: { email: 'hooked.person@test.local', status: 'pending' } },
    });
    expect(JSON.parse(got.body).data.user).not.toHaveProperty('passwordHash');
    expect(await deliveries(off.id)).toEqual([]);
    // The order webhook was not told of the person.
    expect(receiver.received.filter((r) => r.path === '/orders')).toHaveLength(2);
    expect(on.id).toBeTruthy();
  }, 30_000);

  it('updates and deletes, auditing every write; people without the permission are refused', async () => {
    const patched = await api('PATCH', `/api/admin/webhooks/${hook.id}`, {
      events: ['invoice.sent'],
      active: false,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().webhook).toMatchObject({ events: ['invoice.sent'], active: false });
    const bad = await api('PATCH', `/api/admin/webhooks/${hook.id}`, { events: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('events.0');
    const empty = await api('POST', '/api/admin/webhooks', { url: 'ftp://x.test/', events: [] });
    expect(empty.statusCode).toBe(400);
    const removed = await api('DELETE', `/api/admin/webhooks/${hook.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await api('GET', `/api/admin/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/api/admin/webhooks/${hook.id}/deliveries`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/admin/webhooks/${hook.id}`)).statusCode).toBe(404);

    for (const action of [
      'webhook.create',
      'webhook.update',
      'webhook.delete',
      'webhook.redeliver',
      'webhook.ping',
    ]) {
      const audit = (await api('GET', `/api/admin/audit?action=${action}`)).json();
      expect(audit.entries.length, action).toBeGreaterThan(0);
    }
    const del = (await api('GET', '/api/admin/audit?action=webhook.delete')).json();
    expect(del.entries[0]).toMatchObject({ targetId: hook.id });

    const person = (await registerUser(t.app, { email: 'no.hooks@test.local' })).accessToken;
    const refused = await call(t.app, person, { method: 'GET', url: '/api/admin/webhooks' });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  }, 30_000);
});

describe('webhooks to private addresses (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let t: TestApp;
  let admin: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ jobs: jobs(0) });
    admin = (await login(t.app)).accessToken;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    call(t.app, admin, { method, url, ...(payload === undefined ? {} : { payload }) });

  it('refuses loopback, private, link-local and names resolving to them, naming `url`', async () => {
    for (const url of [
      receiver.url('/x'),
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://192.168.1.20/',
      'http://172.20.0.1/',
      `http://localhost:${receiver.port}/`,
      'http://0.0.0.0/',
    ]) {
      const res = await api('POST', '/api/admin/webhooks', { url, events: ['order.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0], url).toMatchObject({
        field: 'url',
        code: 'webhook_url_private',
      });
    }
    expect((await api('GET', '/api/admin/webhooks')).json().webhooks).toEqual([]);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
    expect(isPrivateAddress('fd00::1')).toBe(true);
    expect(isPrivateAddress('fe80::1')).toBe(true);
  });

  it('checks again at delivery time (a name that now resolves to this host)', async () => {
    const res = await api('POST', '/api/admin/webhooks', {
      url: 'http://93.184.216.34/hook',
      events: ['order.created'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook } = res.json();
    // A private address after saving is refused on PATCH…
    const patch = await api('PATCH', `/api/admin/webhooks/${webhook.id}`, {
      url: 'http://127.0.0.1/',
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().details[0].field).toBe('url');
    // …and when the name's answer changes after the check (DNS rebinding), at delivery.
    await t.database.db
      .update(webhooks)
      .set({ url: `http://localhost:${receiver.port}/rebound` })
      .where(eq(webhooks.id, webhook.id));
    expect((await api('POST', `/api/admin/webhooks/${webhook.id}/ping`)).statusCode).toBe(202);
    const failed = await until(async () => {
      const [d] = (await api('GET', `/api/admin/webhooks/${webhook.id}/deliveries`)).json()
        .deliveries;
      return d?.status === 'failed' ? d : null;
    });
    expect(failed).toMatchObject({ attempts: 1, responseCode: null });
    expect(failed.error).toMatch(/private/);
    expect(receiver.received).toEqual([]);
  }, 30_000);
});
