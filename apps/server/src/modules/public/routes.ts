import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { okSchema } from '@bo/contract/common';
import { PUBLIC_API, contactBodySchema, notifyBodySchema } from '@bo/contract/public';
import { users } from '../../db/schema/core.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';

const WINDOW = { seconds: 3600 };

/** Messages from the public pages go to every administrator's mailbox. */
export async function publicRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, limiter, config } = app.services;

  async function toAdmins(subject: string, text: string) {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, 'admin'));
    for (const admin of admins) await mailer.send({ to: admin.email, subject, text });
  }

  app.post(
    PUBLIC_API.contact,
    {
      config: { public: true },
      schema: {
        operationId: 'sendContactMessage',
        tags: ['public'],
        summary: 'Contact form: delivered to the administrators',
        body: withExample(contactBodySchema, {
          name: 'Lucian Obrien',
          email: 'lucian@acme.test',
          subject: 'A quote',
          message: 'Could you send us a quote for forty seats?',
        }),
        response: { 201: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const key = `contact:ip:${request.ip}`;
      const window = { ...WINDOW, limit: config.authRateLimit };
      await limiter.check([key], window);
      await limiter.hit(key, window);
      const { name, email, subject, message } = request.body;
      await toAdmins(`[Contact] ${subject}`, `From: ${name} <${email}>\n\n${message}`);
      reply.status(201);
      return { ok: true as const };
    },
  );

  app.post(
    PUBLIC_API.notify,
    {
      config: { public: true },
      schema: {
        operationId: 'subscribeToLaunch',
        tags: ['public'],
        summary: 'Coming-soon page: ask to be told at launch',
        body: notifyBodySchema,
        response: { 201: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const key = `notify:ip:${request.ip}`;
      const window = { ...WINDOW, limit: config.authRateLimit };
      await limiter.check([key], window);
      await limiter.hit(key, window);
      await toAdmins('[Launch] Notify request', `${request.body.email} asks to be told at launch.`);
      reply.status(201);
      return { ok: true as const };
    },
  );
}
