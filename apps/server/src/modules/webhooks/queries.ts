import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Webhook, WebhookDelivery, WebhookDeliveryStatus } from '@bo/contract/webhooks';
import type { Executor } from '../../db/client.js';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks.js';

type HookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Last = Webhook['lastDelivery'];

export function toWebhook(row: HookRow, last: Last = null): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    description: row.description,
    secretHint: row.secret.slice(-4),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    eventId: row.eventId,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    responseCode: row.responseCode,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    redeliveryOf: row.redeliveryOf,
  };
}

/** The newest delivery of each webhook named. */
async function lastDeliveries(db: Executor, ids: string[]): Promise<Map<string, Last>> {
  const map = new Map<string, Last>();
  if (!ids.length) return map;
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      responseCode: webhookDeliveries.responseCode,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, ids))
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt));
  for (const r of rows)
    map.set(r.webhookId, {
      status: r.status as WebhookDeliveryStatus,
      at: (r.lastAttemptAt ?? r.createdAt).toISOString(),
      responseCode: r.responseCode,
    });
  return map;
}

export async function listWebhooks(db: Executor): Promise<Webhook[]> {
  const rows = await db.select().from(webhooks).orderBy(desc(webhooks.createdAt));
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWebhook(r, last.get(r.id) ?? null));
}

export async function findWebhookRow(db: Executor, id: string): Promise<HookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function getWebhook(db: Executor, id: string): Promise<Webhook | null> {
  const row = await findWebhookRow(db, id);
  if (!row) return null;
  const last = await lastDeliveries(db, [id]);
  return toWebhook(row, last.get(id) ?? null);
}

export async function listDeliveries(
  db: Executor,
  webhookId: string,
  page: number,
  limit: number,
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const where = eq(webhookDeliveries.webhookId, webhookId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { deliveries: rows.map(toDelivery), total: Number(total?.n ?? 0) };
}

export async function findDelivery(
  db: Executor,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)));
  return row;
}

/** A new delivery of the same event (same body and event id), queued. */
export async function copyDelivery(db: Executor, from: DeliveryRow): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: from.webhookId,
      event: from.event,
      eventId: from.eventId,
      body: from.body,
      redeliveryOf: from.id,
    })
    .returning();
  return row!;
}

export const touch = () => ({ updatedAt: sql`now()` });
