import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Counter } from 'prom-client';
import { eq } from 'drizzle-orm';
import { idParamsSchema } from '@bo/contract/common';
import {
  WEBHOOKS_API,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookAnswerSchema,
  webhookCreatedSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryAnswerSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookListSchema,
} from '@bo/contract/webhooks';
import { webhooks } from '../../db/schema/webhooks.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { checkUrlAddress } from '../../lib/webhook-address.js';
import {
  copyDelivery,
  findDelivery,
  findWebhookRow,
  getWebhook,
  listDeliveries,
  listWebhooks,
  toDelivery,
  toWebhook,
  touch,
} from './queries.js';
import {
  deliveryListeners,
  enqueueDelivery,
  insertDeliveries,
  newWebhookSecret,
} from '../../lib/webhooks.js';

const tags = ['webhooks'];
const permission = 'webhooks:manage' as const;

/**
 * Administration → Webhooks: where events are posted, the delivery log, Redeliver and a test
 * event. Every write is audited; a URL reaching a private address is refused (docs/webhooks.md).
 */
export async function webhookRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.services;

  if (app.hasDecorator('metrics')) {
    const deliveries = new Counter({
      name: 'bo_webhook_deliveries_total',
      help: 'Webhook delivery attempts on this instance by event and outcome',
      labelNames: ['event', 'outcome'],
      registers: [app.metrics.registry],
    });
    const listener = (event: string, outcome: string) => deliveries.inc({ event, outcome });
    deliveryListeners.add(listener);
    app.addHook('onClose', async () => {
      deliveryListeners.delete(listener);
    });
  }

  /** Refuses (400 on `url`) an address reaching this host or a private network. */
  const assertPublicUrl = async (url: string) => {
    if (config.webhookAllowPrivate) return;
    const check = await checkUrlAddress(url);
    if (!check.ok && check.reason === 'private')
      throw fieldError(
        'url',
        'webhook_url_private',
        'This address reaches a private, loopback or link-local network',
      );
  };

  const load = async (id: string) => {
    const row = await findWebhookRow(db, id);
    if (!row) throw notFound('Webhook');
    return row;
  };

  app.get(
    WEBHOOKS_API.list,
    {
      config: { permission },
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'Webhooks, newest first, each with its last delivery',
        response: { 200: webhookListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ webhooks: await listWebhooks(db) }),
  );

  app.post(
    WEBHOOKS_API.list,
    {
      config: { permission },
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Add a webhook; its signing secret is answered this once',
        body: withExample(createWebhookBodySchema, {
          url: 'https://hooks.example.com/backoffice',
          events: ['order.created', 'invoice.paid'],
          active: true,
          description: 'Accounting',
        }),
        response: { 201: webhookCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      await assertPublicUrl(body.url);
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhooks)
          .values({
            url: body.url,
            events: body.events,
            active: body.active,
            description: body.description,
            secret,
            createdBy: auth.userId,
          })
          .returning();
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'webhook.create',
          targetId: created!.id,
          meta: { url: created!.url, events: created!.events, active: created!.active },
        });
        return created!;
      });
      reply.status(201);
      return { webhook: toWebhook(row), secret };
    },
  );

  app.get(
    WEBHOOKS_API.one.pattern,
    {
      config: { permission },
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'One webhook (its secret is not shown again)',
        params: idParamsSchema,
        response: { 200: webhookAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const webhook = await getWebhook(db, request.params.id);
      if (!webhook) throw notFound('Webhook');
      return { webhook };
    },
  );

  app.patch(
    WEBHOOKS_API.one.pattern,
    {
      config: { permission },
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change the address, the events, the description, or turn it on or off',
        params: idParamsSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const body = request.body;
      const before = await load(id);
      if (body.url !== undefined && body.url !== before.url) await assertPublicUrl(body.url);
      await db.transaction(async (tx) => {
        await tx
          .update(webhooks)
          .set({ ...body, ...touch() })
          .where(eq(webhooks.id, id));
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'webhook.update',
          targetId: id,
          meta: { changed: Object.keys(body), url: body.url ?? before.url },
        });
      });
      return { webhook: (await getWebhook(db, id))! };
    },
  );

  app.delete(
    WEBHOOKS_API.one.pattern,
    {
      config: { permission },
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook with its delivery log (queued deliveries are dropped)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(webhooks)
          .where(eq(webhooks.id, id))
          .returning({ url: webhooks.url });
        if (!gone) throw notFound('Webhook');
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'webhook.delete',
          targetId: id,
          meta: { url: gone.url },
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    WEBHOOKS_API.deliveries.pattern,
    {
      config: { permission },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'A webhook’s deliveries, newest first: status, attempts, answer code and time',
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await load(request.params.id);
      return listDeliveries(db, request.params.id, request.query.page, request.query.limit);
    },
  );

  app.post(
    WEBHOOKS_API.redeliver.pattern,
    {
      config: { permission },
      schema: {
        operationId: 'redeliverWebhookDelivery',
        tags,
        summary: 'Send a delivery’s event again (a new delivery, same body and event id)',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliveryAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id, deliveryId } = request.params;
      await load(id);
      const from = await findDelivery(db, id, deliveryId);
      if (!from) throw notFound('Delivery');
      const row = await db.transaction(async (tx) => {
        const copy = await copyDelivery(tx, from);
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'webhook.redeliver',
          targetId: id,
          meta: { deliveryId: from.id, newDeliveryId: copy.id, event: from.event },
        });
        return copy;
      });
      await enqueueDelivery(app, row.id);
      reply.status(202);
      return { delivery: toDelivery(row) };
    },
  );

  app.post(
    WEBHOOKS_API.ping.pattern,
    {
      config: { permission },
      schema: {
        operationId: 'pingWebhook',
        tags,
        summary: 'Send a test event (`ping`) to this webhook now',
        params: idParamsSchema,
        response: { 202: webhookDeliveryAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const hook = await load(request.params.id);
      const row = await db.transaction(async (tx) => {
        const [delivery] = await insertDeliveries(tx, [hook.id], 'ping', {
          webhookId: hook.id,
          message: 'A test event from Administration → Webhooks',
        });
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'webhook.ping',
          targetId: hook.id,
          meta: { deliveryId: delivery!.id },
        });
        return delivery!;
      });
      await enqueueDelivery(app, row.id);
      reply.status(202);
      return { delivery: toDelivery(row) };
    },
  );
}
