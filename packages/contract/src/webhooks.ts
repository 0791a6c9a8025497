import { z } from 'zod';
import { apiPath } from './api-path';

/** Administration → Webhooks (permission `webhooks:manage`); docs/webhooks.md. */
export const WEBHOOKS_API = {
  list: '/api/admin/webhooks',
  one: apiPath('/api/admin/webhooks/:id'),
  deliveries: apiPath('/api/admin/webhooks/:id/deliveries'),
  redeliver: apiPath('/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver'),
  ping: apiPath('/api/admin/webhooks/:id/ping'),
} as const;

/**
 * The events a webhook may subscribe to. `ping` is sent only by "Send test event" and goes to the
 * webhook whatever its events.
 */
export const WEBHOOK_EVENT_NAMES = [
  'order.created',
  'order.updated',
  'invoice.sent',
  'invoice.paid',
  'user.created',
  'post.published',
  'file.shared',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENT_NAMES)[number] | 'ping';

/** Headers of every delivery; the signature is `sha256=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const WEBHOOK_HEADERS = {
  id: 'x-webhook-id',
  event: 'x-webhook-event',
  delivery: 'x-webhook-delivery',
  timestamp: 'x-webhook-timestamp',
  signature: 'x-webhook-signature',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const urlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), { message: 'must be an http:// or https:// address' });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_NAMES))
  .min(1)
  .max(WEBHOOK_EVENT_NAMES.length)
  .transform((list) => [...new Set(list)]);

export const createWebhookBodySchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  active: z.boolean().default(true),
  description: z.string().trim().max(200).default(''),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({
    url: urlSchema,
    events: eventsSchema,
    active: z.boolean(),
    description: z.string().trim().max(200),
  })
  .partial();
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  description: z.string(),
  /** The secret's last four characters, to tell secrets apart; the secret is shown once. */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The newest delivery's outcome, or null when none was made. */
  lastDelivery: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      at: z.string(),
      responseCode: z.number().nullable(),
    })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookAnswerSchema = z.object({ webhook: webhookSchema });
export const webhookCreatedSchema = z.object({
  webhook: webhookSchema,
  /** The signing secret, shown this once. */
  secret: z.string(),
});
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  event: z.string(),
  /** The event's id (the body's `id`): a redelivery keeps it, so receivers can drop duplicates. */
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The last attempt's HTTP status, or null when no answer came. */
  responseCode: z.number().nullable(),
  /** The start of the last answer's body. */
  responseBody: z.string().nullable(),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The delivery this one sends again (Redeliver). */
  redeliveryOf: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryAnswerSchema = z.object({ delivery: webhookDeliverySchema });
export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number(),
});
export const webhookDeliveryParamsSchema = z.object({
  id: z.string().uuid(),
  deliveryId: z.string().uuid(),
});
