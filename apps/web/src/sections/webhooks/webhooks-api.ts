import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
} from '@bo/contract/webhooks';
import { WEBHOOKS_API } from '@bo/contract/webhooks';
import type { z } from 'zod';

import { api } from '../../store/api';

export type { CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookDelivery };
export type CreatedWebhook = z.output<typeof webhookCreatedSchema>;
export type WebhookDeliveryList = z.output<typeof webhookDeliveryListSchema>;

/** Administration → Webhooks: the webhooks, their deliveries, Redeliver and the test event. */
const webhooksApi = api
  .enhanceEndpoints({ addTagTypes: ['Webhook', 'WebhookDelivery'] })
  .injectEndpoints({
    endpoints: (build) => ({
      webhooks: build.query<{ webhooks: Webhook[] }, void>({
        query: () => ({ url: WEBHOOKS_API.list }),
        providesTags: ['Webhook'],
      }),
      createWebhook: build.mutation<CreatedWebhook, CreateWebhookBody>({
        query: (body) => ({ url: WEBHOOKS_API.list, method: 'POST', body }),
        invalidatesTags: ['Webhook'],
      }),
      updateWebhook: build.mutation<{ webhook: Webhook }, { id: string; body: UpdateWebhookBody }>({
        query: ({ id, body }) => ({ url: WEBHOOKS_API.one(id), method: 'PATCH', body }),
        invalidatesTags: ['Webhook'],
      }),
      deleteWebhook: build.mutation<null, string>({
        query: (id) => ({ url: WEBHOOKS_API.one(id), method: 'DELETE' }),
        invalidatesTags: ['Webhook', 'WebhookDelivery'],
      }),
      webhookDeliveries: build.query<
        WebhookDeliveryList,
        { id: string; page: number; limit: number }
      >({
        query: ({ id, page, limit }) => ({
          url: WEBHOOKS_API.deliveries(id),
          query: { page, limit },
        }),
        providesTags: ['WebhookDelivery'],
      }),
      redeliverWebhook: build.mutation<
        { delivery: WebhookDelivery },
        { id: string; deliveryId: string }
      >({
        query: ({ id, deliveryId }) => ({
          url: WEBHOOKS_API.redeliver(id, deliveryId),
          method: 'POST',
        }),
        invalidatesTags: ['Webhook', 'WebhookDelivery'],
      }),
      pingWebhook: build.mutation<{ delivery: WebhookDelivery }, string>({
        query: (id) => ({ url: WEBHOOKS_API.ping(id), method: 'POST' }),
        invalidatesTags: ['Webhook', 'WebhookDelivery'],
      }),
    }),
  });

export const {
  useWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
  useRedeliverWebhookMutation,
  usePingWebhookMutation,
} = webhooksApi;
