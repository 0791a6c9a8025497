import { index, integer, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Administration → Webhooks: where events are posted, which ones, and the signing secret. */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  description: text('description').notNull().default(''),
  /** Kept as is: each delivery is signed with it (HMAC-SHA256); shown once at creation. */
  secret: text('secret').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One event sent (or to be sent) to one webhook: its body, and its last attempt's outcome. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The event's id: the body's `id`, kept by a redelivery. */
    eventId: uuid('event_id').notNull(),
    /** The exact JSON sent (signed as is). */
    body: text('body').notNull(),
    /** queued, retrying, delivered, failed. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    redeliveryOf: uuid('redelivery_of'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastAttemptAt: ts('last_attempt_at'),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);
