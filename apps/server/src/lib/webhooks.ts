import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { and, arrayContains, eq } from 'drizzle-orm';
import { WEBHOOK_HEADERS, type WebhookEvent } from '@bo/contract/webhooks';
import type { Executor } from '../db/client.js';
import { webhookDeliveries, webhooks } from '../db/schema/webhooks.js';
import type { JobContext } from './jobs.js';
import { checkUrlAddress, guardedLookup } from './webhook-address.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** Longest wait for an answer, connection included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer's body the delivery log keeps. */
const RESPONSE_KEEP = 1000;

/** A new signing secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret. */
export function webhookSignature(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** Counted by the metrics plugin when present (routes.ts sets it). */
export const deliveryListeners = new Set<(event: string, outcome: string) => void>();

/** The job for a delivery row, after its row is committed. */
export async function enqueueDelivery(app: FastifyInstance, deliveryId: string): Promise<void> {
  await app.services.jobs.send(WEBHOOK_DELIVERY_JOB, { deliveryId });
}

/** The JSON body of an event: the same bytes are signed and sent on every try. */
export function eventBody(event: WebhookEvent, data: unknown, eventId = randomUUID()) {
  return {
    eventId,
    body: JSON.stringify({ id: eventId, event, createdAt: new Date().toISOString(), data }),
  };
}

/** Delivery rows for each of `hooks`; answers their ids. */
export async function insertDeliveries(
  db: Executor,
  hookIds: string[],
  event: WebhookEvent,
  data: unknown,
): Promise<Delivery[]> {
  if (!hookIds.length) return [];
  const { eventId, body } = eventBody(event, data);
  return db
    .insert(webhookDeliveries)
    .values(hookIds.map((webhookId) => ({ webhookId, event, eventId, body })))
    .returning();
}

/**
 * Tells the active webhooks subscribed to `event`: one delivery row each, then one job each (the
 * queue's send takes no transaction, so the jobs go right after the rows commit). Never fails the
 * request that caused it: a failure here is logged.
 */
export async function emitWebhookEvent(
  app: FastifyInstance,
  event: Exclude<WebhookEvent, 'ping'>,
  data: unknown,
): Promise<void> {
  try {
    const { db } = app.services;
    const hooks = await db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.active, true), arrayContains(webhooks.events, [event])));
    if (!hooks.length) return;
    const rows = await insertDeliveries(
      db,
      hooks.map((h) => h.id),
      event,
      data,
    );
    for (const row of rows) await enqueueDelivery(app, row.id);
  } catch (err) {
    app.log.error({ err, event }, 'webhook event not enqueued');
  }
}

interface Answer {
  status: number;
  body: string;
}

/** One POST, no redirect followed, the answer's body cut short; throws on no answer. */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; signal: AbortSignal },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        signal: options.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 16 * 1024) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The `webhook-delivery` job: signs the stored body with a fresh timestamp and posts it. A 2xx
 * answer delivers it; anything else (another status, no answer, a private address) is recorded on
 * the row and thrown, so the queue tries again, until the last try marks it failed. A delivery
 * already delivered, or whose webhook is gone, is left as it is.
 */
export async function deliverWebhook(data: { deliveryId: string }, context: JobContext) {
  const { app, lastAttempt, signal } = context;
  const { db, config } = app.services;
  const [row] = await db
    .select({ delivery: webhookDeliveries, hook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, data.deliveryId));
  if (!row) return { skipped: 'gone' };
  const { delivery, hook } = row;
  if (delivery.status === 'delivered') return { skipped: 'delivered' };

  const allowPrivate = config.webhookAllowPrivate === true;
  const started = Date.now();
  let answer: Answer | null = null;
  let error: string | null = null;
  try {
    if (!allowPrivate) {
      // Checked again now: the name may resolve elsewhere than when the webhook was saved (and
      // the connection's own lookup refuses a private answer too).
      const check = await checkUrlAddress(hook.url);
      if (!check.ok)
        throw new Error(
          check.reason === 'private'
            ? `refused: the address resolves to a private address (${check.address})`
            : 'the address does not resolve',
        );
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
    answer = await post(
      hook.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Backoffice-Webhooks/1',
        [WEBHOOK_HEADERS.id]: hook.id,
        [WEBHOOK_HEADERS.event]: delivery.event,
        [WEBHOOK_HEADERS.delivery]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: webhookSignature(hook.secret, timestamp, delivery.body),
      },
      delivery.body,
      { allowPrivate, signal: AbortSignal.any([signal, timeout]) },
    );
    if (answer.status < 200 || answer.status >= 300) error = `answered ${answer.status}`;
  } catch (err) {
    const e = err as Error & { code?: string };
    error =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : (e.message || String(err)).slice(0, 500);
  }
  const ok = error === null;
  const status = ok ? 'delivered' : lastAttempt ? 'failed' : 'retrying';
  const now = new Date();
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: delivery.attempts + 1,
      responseCode: answer?.status ?? null,
      responseBody: answer?.body ?? null,
      error,
      durationMs: Date.now() - started,
      lastAttemptAt: now,
      deliveredAt: ok ? now : null,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  for (const l of deliveryListeners) l(delivery.event, status);
  if (!ok) throw new Error(error!);
  return { status: answer!.status };
}

/** What `user.created` tells of a person (no secrets, no profile details). */
export function personData(row: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  status: string;
  createdAt: Date;
}) {
  return {
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    },
  };
}
