import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADDRESSES_API,
  addressAnswerSchema,
  addressInputSchema,
  addressPatchSchema,
  addressesAnswerSchema,
} from '@bo/contract/addresses';
import { idParamsSchema } from '@bo/contract/common';
import { notFound } from '../../lib/http-error.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { addAddress, deleteAddress, listAddresses, patchAddress } from './queries.js';

/**
 * A person's address book, for the checkout. Records are the caller's only: another person's id
 * is a 404. Personal data, not shared, so writes are not audited.
 */
export async function addressRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;
  const tags = ['addresses'];
  const config = { permission: 'orders:create' as const };

  app.get(
    ADDRESSES_API.list,
    {
      config,
      schema: {
        operationId: 'listMyAddresses',
        tags,
        summary: 'My addresses, the default first',
        response: { 200: addressesAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ addresses: await listAddresses(db, requireAuth(request).userId) }),
  );

  app.post(
    ADDRESSES_API.list,
    {
      config,
      schema: {
        operationId: 'createAddress',
        tags,
        summary: 'Add an address (the first one, or isDefault, becomes the default)',
        body: withExample(addressInputSchema, {
          name: 'Jayvion Simon',
          phoneNumber: '+33 1 23 45 67 89',
          fullAddress: '19 rue de la Paix, 75002 Paris',
          addressType: 'home',
          isDefault: true,
        }),
        response: { 201: addressAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const address = await db.transaction((tx) => addAddress(tx, userId, request.body));
      reply.status(201);
      return { address };
    },
  );

  app.patch(
    ADDRESSES_API.one.pattern,
    {
      config,
      schema: {
        operationId: 'updateAddress',
        tags,
        summary: 'Change one of my addresses, or make it the default',
        params: idParamsSchema,
        body: addressPatchSchema,
        response: { 200: addressAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const address = await db.transaction((tx) =>
        patchAddress(tx, userId, request.params.id, request.body),
      );
      if (!address) throw notFound('Address');
      return { address };
    },
  );

  app.delete(
    ADDRESSES_API.one.pattern,
    {
      config,
      schema: {
        operationId: 'deleteAddress',
        tags,
        summary: 'Remove one of my addresses (the newest other one becomes the default)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const done = await db.transaction((tx) => deleteAddress(tx, userId, request.params.id));
      if (!done) throw notFound('Address');
      reply.status(204);
      return null;
    },
  );
}
