import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import {
  MAIL_API,
  MAIL_EVENTS,
  mailAnswerSchema,
  mailDeleteAnswerSchema,
  mailDeleteBodySchema,
  mailDraftBodySchema,
  mailDraftPatchSchema,
  mailIdParamsSchema,
  mailLabelAnswerSchema,
  mailLabelBodySchema,
  mailLabelPatchSchema,
  mailLabelsAnswerSchema,
  mailOneAnswerSchema,
  mailPeopleAnswerSchema,
  mailPeopleQuerySchema,
  mailQuerySchema,
  mailSendBodySchema,
  mailsAnswerSchema,
  mailsQuerySchema,
  mailUpdateAnswerSchema,
  mailUpdateBodySchema,
} from '@bo/contract/mail';
import { okSchema } from '@bo/contract/common';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { answerList, limitMaxOf, withUnpaged } from '../../lib/unpaged.js';
import { requireAuth } from '../../plugins/auth.js';
import type { ReadCacheRule } from '../../plugins/read-cache.js';
import { sendStoredAttachment } from '../../lib/storage/send.js';
import {
  attachmentFor,
  createLabel,
  deleteLabel,
  deleteMails,
  listLabels,
  listMails,
  loadMail,
  saveDraft,
  sendMail,
  suggestPeople,
  updateLabel,
  updateMails,
  type Delivery,
  type Owner,
} from './queries.js';
import { mailDomainOf } from './smtp.js';

const read = { permission: 'mail:read' } as const;
const write = { permission: 'mail:write' } as const;
const tags = ['mail'];
const MAILS_LIMIT_MAX = limitMaxOf(mailsQuerySchema);

/**
 * Mail: every person's own mailbox. Reads and changes reach only the caller's messages (another
 * person's id is a 404, as if it did not exist); a send writes the sender's copy and each
 * colleague's inbox copy in one transaction, then hands outside addresses to the outbox.
 * Mailbox changes are announced on the realtime socket to the mailboxes' owners only.
 */
export async function mailRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events, mailer, tasks, config, limiter } = app.services;
  const domain = mailDomainOf(config);

  const ownerOf = async (request: FastifyRequest, tx: Executor = db): Promise<Owner> => {
    const auth = requireAuth(request);
    const [row] = await tx
      .select({ name: users.displayName })
      .from(users)
      .where(eq(users.id, auth.userId));
    return { userId: auth.userId, email: auth.email, name: row?.name ?? auth.email };
  };
  const owner = (request: FastifyRequest): Owner => {
    const auth = requireAuth(request);
    return { userId: auth.userId, email: auth.email, name: auth.email };
  };
  // Each mailbox's version: a cached answer (embedded store) is keyed by its owner's version, so
  // one person's mail changing never drops another person's answers. Bumped here, in the
  // request, before the answer (read-your-writes), and by the bus for changes made elsewhere
  // (mail from outside, another instance).
  const mailboxVersions = new Map<string, number>();
  const bump = (ownerIds: readonly string[]) => {
    for (const id of ownerIds) mailboxVersions.set(id, (mailboxVersions.get(id) ?? 0) + 1);
  };
  const stopListening = events.on((event) => {
    if (event.type === MAIL_EVENTS.changed && Array.isArray(event.audience)) bump(event.audience);
  });
  app.addHook('onClose', async () => stopListening());
  const cached = {
    tables: ['users'],
    scope: 'user',
    vary: (request: FastifyRequest) => String(mailboxVersions.get(request.auth?.userId ?? '') ?? 0),
  } satisfies ReadCacheRule;

  const changed = (ownerIds: string[], mailIds: string[] = []) => {
    bump(ownerIds);
    return events.publish({
      type: MAIL_EVENTS.changed,
      audience: ownerIds,
      payload: { mailIds: mailIds.slice(0, 100) },
    });
  };

  const deliverOutside = (request: FastifyRequest, sender: Owner, delivery: Delivery) => {
    const { to, cc, bcc } = delivery.outside;
    if (!to.length && !cc.length && !bcc.length) return;
    tasks.run('mail to outside', async () => {
      const attachments = await Promise.all(
        delivery.attachments.map(async (f) => {
          const chunks: Buffer[] = [];
          for await (const chunk of await app.storage.open(f.storageKey))
            chunks.push(Buffer.from(chunk as Buffer));
          return { filename: f.name, contentType: f.mime, content: Buffer.concat(chunks) };
        }),
      );
      const quoted = (s: string) => `"${s.replace(/["\\\r\n]/g, '')}"`;
      await mailer.send({
        from: `${quoted(sender.name)} <${sender.email}>`,
        to: to.join(', '),
        cc: cc.join(', ') || undefined,
        bcc: bcc.join(', ') || undefined,
        subject: delivery.subject,
        text: delivery.text,
        html: delivery.html,
        attachments,
        messageId: delivery.messageId,
        inReplyTo: delivery.inReplyTo ?? undefined,
        references: delivery.references.join(' ') || undefined,
      });
      request.log.info({ to: to.length, cc: cc.length, bcc: bcc.length }, 'mail handed to outbox');
    });
  };

  const sendLimits = config.mailSendLimits ?? { hour: 200, day: 1000 };
  /** The 429 of a send over one of the sender's windows, saying which. */
  const overLimit = (err: unknown, window: 'hour' | 'day') => {
    if (!(err instanceof HttpError) || err.statusCode !== 429) return err;
    const limit = sendLimits[window];
    const message = `At most ${limit} outside recipients ${window === 'hour' ? 'an hour' : 'a day'}`;
    return new HttpError(
      429,
      err.code,
      `${message}; the mail is kept in your drafts`,
      [{ field: 'to', code: `send_limit_${window}`, message, params: { limit } }],
      err.headers,
    );
  };
  /**
   * Counts a send's outside recipients against the sender's hour and day (MAIL_SEND_LIMIT_*),
   * or refuses it with 429 counting nothing. Answers how to give them back should the send
   * fail after all.
   */
  const countOutside = async (
    userId: string,
    body: { to: string[]; cc: string[]; bcc: string[] },
  ) => {
    const all = [...new Set([...body.to, ...body.cc, ...body.bcc].map((a) => a.toLowerCase()))];
    if (!all.length) return undefined;
    const colleagues = await db
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.email, all), eq(users.status, 'active')));
    const inside = new Set(colleagues.map((c) => c.email));
    const amount = all.filter((a) => !inside.has(a)).length;
    if (!amount) return undefined;
    const hour = `mail-send:hour:${userId}`;
    const day = `mail-send:day:${userId}`;
    await limiter
      .take(hour, { limit: sendLimits.hour, seconds: 3600 }, amount)
      .catch((err: unknown) => Promise.reject(overLimit(err, 'hour')));
    try {
      await limiter.take(day, { limit: sendLimits.day, seconds: 86_400 }, amount);
    } catch (err) {
      await limiter.giveBack(hour, amount);
      throw overLimit(err, 'day');
    }
    return async () => {
      await Promise.all([limiter.giveBack(hour, amount), limiter.giveBack(day, amount)]);
    };
  };
  /**
   * A send over the limit is not lost: it stays (or becomes) a draft, named in the 429's details
   * after the reason, so the compose can say so and keep it.
   */
  const keptAsDraft = async (
    sender: Owner,
    body: z.infer<typeof mailSendBodySchema>,
    err: HttpError,
  ) => {
    const { draftId, ...composition } = body;
    let draft = draftId;
    if (!draft) {
      draft = (
        await db.transaction((tx) =>
          saveDraft(tx, sender, composition, null, { maxBytes: config.maxMailBytes }),
        )
      ).id;
      await changed([sender.userId], [draft]);
    }
    return new HttpError(
      429,
      err.code,
      err.message,
      [...(err.details ?? []), { field: 'draftId', code: 'kept_as_draft', message: draft }],
      err.headers,
    );
  };

  app.get(
    MAIL_API.labels,
    {
      config: { ...read, cache: cached },
      schema: {
        operationId: 'listMailLabels',
        tags,
        summary: 'System labels and the person’s own labels, with unread and total counts',
        response: { 200: mailLabelsAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ labels: await listLabels(db, requireAuth(request).userId) }),
  );

  app.get(
    MAIL_API.mails,
    {
      config: { ...read, cache: withUnpaged(cached, 'cursor') },
      schema: {
        operationId: 'listMails',
        tags,
        summary:
          'A page of a folder or label (systemLabel= or customLabel=), newest first; q with ' +
          'from: to: has:attachment is:unread is:starred before: after: label:; cursor paging',
        querystring: mailsQuerySchema,
        response: { 200: mailsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      answerList(request, reply, {
        kind: 'cursor',
        limitMax: MAILS_LIMIT_MAX,
        asked: request.query,
        rows: (answer) => answer.mails.length,
        // Counted only for a call without paging: our screens page on and never ask.
        read: (size: number | null) =>
          size === null
            ? listMails(db, owner(request), request.query)
            : listMails(db, owner(request), { ...request.query, limit: size }, { total: true }),
      }),
  );

  app.get(
    MAIL_API.mail,
    {
      config: { ...read, cache: cached },
      schema: {
        operationId: 'getMail',
        tags,
        summary: 'One message with its whole conversation (oldest first)',
        querystring: mailQuerySchema,
        response: { 200: mailAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ mail: await loadMail(db, owner(request), request.query.mailId) }),
  );

  app.post(
    MAIL_API.send,
    {
      config: write,
      schema: {
        operationId: 'sendMail',
        tags,
        summary:
          'Send: a copy in the sender’s sent folder, one in each colleague’s inbox, the rest ' +
          'through the outbox (SMTP_URL)',
        body: withExample(mailSendBodySchema, {
          to: ['jayvion.simon@acme.test'],
          subject: 'Your order ships today',
          message: '<p>Hello Jayvion, your order ships today.</p>',
        }),
        response: { 201: mailOneAnswerSchema, ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const sender = await ownerOf(request);
      // Counted before the send (and given back if it fails): a send over the limit is refused
      // whole, and kept as a draft.
      const giveBack = await countOutside(sender.userId, request.body).catch(
        async (err: unknown) => {
          if (err instanceof HttpError && err.details?.[0]?.code.startsWith('send_limit_')) {
            // Administrators see who reached a limit (Administration → Audit log).
            await audit(db, request, {
              actorId: sender.userId,
              action: 'mail.send_limited',
              meta: { reason: err.details[0].code, ...err.details[0].params },
            });
            throw await keptAsDraft(sender, request.body, err);
          }
          throw err;
        },
      );
      const delivery = await db
        .transaction(async (tx) => {
          const result = await sendMail(tx, sender, request.body, {
            domain,
            maxBytes: config.maxMailBytes,
          });
          await audit(tx, request, {
            actorId: sender.userId,
            action: 'mail.send',
            targetId: result.mail.id,
          });
          return result;
        })
        .catch(async (err: unknown) => {
          await giveBack?.();
          throw err;
        });
      await changed(delivery.ownerIds);
      deliverOutside(request, sender, delivery);
      reply.status(201);
      return { mail: delivery.mail };
    },
  );

  app.post(
    MAIL_API.drafts,
    {
      config: write,
      schema: {
        operationId: 'createMailDraft',
        tags,
        summary: 'Save a new draft (never delivered)',
        body: mailDraftBodySchema,
        response: { 201: mailOneAnswerSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const me = await ownerOf(request);
      const mail = await db.transaction((tx) =>
        saveDraft(tx, me, request.body, null, { maxBytes: config.maxMailBytes }),
      );
      await changed([me.userId], [mail.id]);
      reply.status(201);
      return { mail };
    },
  );

  app.patch(
    MAIL_API.draft.pattern,
    {
      config: write,
      schema: {
        operationId: 'updateMailDraft',
        tags,
        summary: 'Change a draft (autosave)',
        params: mailIdParamsSchema,
        body: mailDraftPatchSchema,
        response: { 200: mailOneAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const me = await ownerOf(request);
      const mail = await db.transaction((tx) =>
        saveDraft(tx, me, request.body, request.params.id, { maxBytes: config.maxMailBytes }),
      );
      await changed([me.userId], [mail.id]);
      return { mail };
    },
  );

  app.post(
    MAIL_API.update,
    {
      config: write,
      schema: {
        operationId: 'updateMails',
        tags,
        summary:
          'Read/unread, star, important, move (inbox, archive, spam, trash; inbox restores from ' +
          'the trash) and labels of a selection',
        body: mailUpdateBodySchema,
        response: { 200: mailUpdateAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = requireAuth(request).userId;
      const updated = await db.transaction((tx) => updateMails(tx, me, request.body));
      await changed([me], request.body.mailIds);
      return { updated };
    },
  );

  app.post(
    MAIL_API.delete,
    {
      config: write,
      schema: {
        operationId: 'deleteMails',
        tags,
        summary:
          'Delete for ever messages in the trash (their attachments too, once no one holds them)',
        body: mailDeleteBodySchema,
        response: { 200: mailDeleteAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = requireAuth(request).userId;
      const { deleted, orphanKeys } = await db.transaction(async (tx) => {
        const result = await deleteMails(
          tx,
          me,
          request.body.mailIds,
          request.body.conversations ?? false,
        );
        await audit(tx, request, { actorId: me, action: 'mail.delete', targetId: null });
        return result;
      });
      for (const key of orphanKeys) await app.storage.remove(key).catch(() => undefined);
      await changed([me], request.body.mailIds);
      return { deleted };
    },
  );

  app.post(
    MAIL_API.labels,
    {
      config: write,
      schema: {
        operationId: 'createMailLabel',
        tags,
        summary: 'Create a label',
        body: mailLabelBodySchema,
        response: { 201: mailLabelAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const me = requireAuth(request).userId;
      const label = await db.transaction((tx) => createLabel(tx, me, request.body));
      await changed([me]);
      reply.status(201);
      return { label };
    },
  );

  app.patch(
    MAIL_API.label.pattern,
    {
      config: write,
      schema: {
        operationId: 'updateMailLabel',
        tags,
        summary: 'Rename or recolour a label',
        params: mailIdParamsSchema,
        body: mailLabelPatchSchema,
        response: { 200: mailLabelAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = requireAuth(request).userId;
      const label = await db.transaction((tx) =>
        updateLabel(tx, me, request.params.id, request.body),
      );
      await changed([me]);
      return { label };
    },
  );

  app.delete(
    MAIL_API.label.pattern,
    {
      config: write,
      schema: {
        operationId: 'deleteMailLabel',
        tags,
        summary: 'Delete a label (its messages stay, without it)',
        params: mailIdParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = requireAuth(request).userId;
      await db.transaction((tx) => deleteLabel(tx, me, request.params.id));
      await changed([me]);
      return { ok: true as const };
    },
  );

  app.get(
    MAIL_API.people,
    {
      // Who manages people sees every address (one answer per role); others see public ones and
      // their own (one answer per person).
      config: {
        ...read,
        cache: {
          tables: ['users'],
          scope: (auth) => (auth.permissions.has('users:write') ? 'role' : 'user'),
        },
      },
      schema: {
        operationId: 'searchMailRecipients',
        tags,
        summary:
          'Colleagues for the address fields, by name or address; a private profile’s address is shown (and matched) only to its owner and to those who manage people',
        querystring: mailPeopleQuerySchema,
        response: { 200: mailPeopleAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const viewer = { userId: auth.userId, canManage: auth.permissions.has('users:write') };
      return { people: await suggestPeople(db, request.query.query, viewer) };
    },
  );

  app.get(
    MAIL_API.attachment.pattern,
    {
      compress: false,
      config: { ...read, cookieAuth: true },
      schema: {
        operationId: 'getMailAttachment',
        tags,
        summary:
          'An attachment of one of the caller’s messages; pictures inline, the rest as a download',
        params: mailIdParamsSchema,
        querystring: z.object({ download: z.string().optional() }),
        response: {
          200: mediaAnswer('*/*', 'The attachment’s bytes with its own content type'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await attachmentFor(db, requireAuth(request).userId, request.params.id);
      // The bytes stream out; the schema's answer types describe only the errors.
      return sendStoredAttachment(
        app.storage,
        reply,
        file,
        request.query.download !== undefined,
      ) as never;
    },
  );
}
