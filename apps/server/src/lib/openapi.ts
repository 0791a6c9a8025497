import { STATUS_CODES } from 'node:http';
import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, ERROR_CODES } from '@bo/contract/errors';
import { FILE_COOKIE } from './file-cookie.js';
import { EXAMPLES, MEDIA_TYPE_KEY } from './route-schemas.js';

/**
 * The served OpenAPI document (decision 024). What each operation says — its `operationId`,
 * summary, tag, parameters and answers — lives in its route's `schema`, next to its method and
 * path; this file adds what is true of every route (the error shape, sign-in, the input guard's
 * 400) and of the document (tags, security schemes, servers).
 */

/** Every tag an operation may carry, with the description the reference shows. */
export const API_TAGS: Record<string, string> = {
  account: 'Signing in and out, registration, codes, two-factor sign-in and one’s own account',
  addresses: 'The signed-in person’s address book, used at checkout',
  admin: 'Administration: the audit log and the mail outbox',
  analytics: 'First-party page views behind the analytics dashboard',
  banking: 'The organisation’s accounts, ledger and transfers',
  blog: 'Posts, comments, likes and revisions',
  booking: 'Bookings and their reviews',
  calendar: 'Calendar events and their guests',
  chat: 'Conversations, messages, attachments and typing signals',
  dashboards: 'The figures of each dashboard for a period',
  exports: 'My exports: lists too large to answer at once, written by a job and kept a week',
  files: 'The file manager: uploads, folders, sharing, links, trash and downloads',
  invitations: 'Inviting people by mail with a role, and accepting an invitation',
  invoices: 'Invoices, credit notes, the address book, payments, PDFs and e-invoices',
  kanban: 'The kanban board: columns, cards, comments and attachments',
  mail: 'The mailbox: labels, messages, drafts and attachments',
  notifications: 'The signed-in person’s notifications',
  orders: 'Orders, their status and discount codes',
  products: 'The product catalogue and its reviews',
  public: 'Forms of the public pages (no sign-in)',
  search: 'One search over every kind of record the caller may read',
  sso: 'Single sign-on with OpenID Connect and its claim → role table',
  system: 'Liveness, readiness and the state of the running server',
  today: 'The signed-in person’s day: unread mail and chat, cards due, events, notifications',
  tokens: 'API tokens (one’s own and, for administrators, every one) and people’s sessions',
  users: 'People and roles',
  views: 'Saved views of the lists: named filters, sort and columns, shared with a role',
  webhooks: 'Webhooks: where events are posted, their delivery log, redelivery and a test event',
};

const phrase = (status: number) => STATUS_CODES[status] ?? `Status ${status}`;

/** What a 4xx answer carries: the one error shape, shown once in `components`. */
export const ERROR_SCHEMA_NAME = 'Error';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };

const ERROR_EXAMPLE = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Invalid body: email: Invalid email address',
  code: ERROR_CODES.validation,
  details: [{ field: 'email', code: 'invalid_format', message: 'Invalid email address' }],
};

/** The security scheme names of the document. */
export const SECURITY = {
  bearer: 'bearerAuth',
  fileCookie: 'fileCookie',
} as const;

interface RouteFacts {
  public?: boolean;
  permission?: string;
  cookieAuth?: boolean;
}

type JsonObject = Record<string, unknown>;

/**
 * Errors every route may answer whether it lists them or not: the input guard's 400 (a NUL or an
 * unpaired surrogate in the path, query or body) on every route, a 401 on every route that needs
 * a sign-in, a 403 where a permission beyond one's own account is needed.
 */
function impliedErrors(facts: RouteFacts): number[] {
  const statuses = [400];
  if (!facts.public) statuses.push(401);
  if (!facts.public && facts.permission && facts.permission !== 'account:self') statuses.push(403);
  return statuses;
}

/** The answer of a status, with the one error shape by reference. */
const errorAnswer = (status: number) => ({
  description: phrase(status),
  content: { 'application/json': { schema: ERROR_REF } },
});

const routeTransform: SwaggerTransform = (input) => {
  const { schema, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input as never);
  const facts: RouteFacts = (route.config as RouteFacts | undefined) ?? {};
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const out = jsonSchemaTransform(input as never) as { schema: JsonObject; url: string };
  const body = out.schema.body as JsonObject | undefined;
  if (body && !body.examples && EXAMPLES.has(schema.body as z.ZodType)) {
    body.examples = [EXAMPLES.get(schema.body as z.ZodType)];
  }
  const response = { ...(out.schema.response as Record<string, JsonObject> | undefined) };
  for (const [status, zodSchema] of Object.entries(declared)) {
    if (zodSchema === errorBodySchema) response[status] = errorAnswer(Number(status));
  }
  for (const status of impliedErrors(facts)) response[status] ??= errorAnswer(status);
  for (const [status, json] of Object.entries(response)) {
    const mediaType = json[MEDIA_TYPE_KEY];
    if (typeof mediaType !== 'string') continue;
    const { [MEDIA_TYPE_KEY]: _type, description, ...rest } = json;
    response[status] = {
      description: description ?? phrase(Number(status)),
      content: {
        [mediaType]: {
          schema: mediaType.startsWith('text/') ? { type: 'string', ...rest } : binarySchema,
        },
      },
    };
  }
  out.schema.response = response;
  if (facts.public) out.schema.security = [];
  else if (facts.cookieAuth) {
    out.schema.security = [{ [SECURITY.bearer]: [] }, { [SECURITY.fileCookie]: [] }];
  }
  if (facts.permission && !facts.public) {
    const needs = `Needs the \`${facts.permission}\` permission.`;
    out.schema.description = out.schema.description
      ? `${out.schema.description}\n\n${needs}`
      : needs;
  }
  return out;
};

const binarySchema = { type: 'string', format: 'binary' };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const transformObject: SwaggerTransformObject = (input) => {
  const document = (input as { openapiObject: JsonObject }).openapiObject;
  const paths = (document.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  const used = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      for (const tag of (operation.tags as string[] | undefined) ?? []) used.add(tag);
      const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
      for (const [status, answer] of Object.entries(responses)) {
        if (answer.description === 'Default Response') answer.description = phrase(+status);
      }
    }
  }
  const errorJson = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' }) as JsonObject;
  delete errorJson.$schema;
  const components = (document.components ?? {}) as JsonObject;
  return {
    ...document,
    tags: [...used].sort().map((name) => ({ name, description: API_TAGS[name] ?? '' })),
    components: {
      ...components,
      schemas: {
        ...(components.schemas as JsonObject | undefined),
        [ERROR_SCHEMA_NAME]: {
          ...errorJson,
          description:
            'The one shape of every answer outside 2xx. `code` is stable (the client translates it); `message` is the English fallback; `details` lists failing fields.',
          examples: [ERROR_EXAMPLE],
        },
      },
    },
  };
};

/** The options @fastify/swagger is registered with. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back-office API',
        version: '1.0.0',
        description:
          'Every call of the back-office. Sign in with `signIn` and send its `accessToken` as `Authorization: Bearer …`. Errors have one shape (`Error`). See docs/api.md for a typed client.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      components: {
        securitySchemes: {
          [SECURITY.bearer]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `accessToken` that `signIn` answers.',
          },
          [SECURITY.fileCookie]: {
            type: 'apiKey',
            in: 'cookie',
            name: FILE_COOKIE,
            description:
              'The HttpOnly cookie the web app holds, for bytes a page element loads (it cannot send a header).',
          },
        },
      },
      security: [{ [SECURITY.bearer]: [] }],
    },
    transform: routeTransform,
    transformObject,
  };
}

/**
 * The document as served: with `servers` naming PUBLIC_URL, or the origin the request came to
 * (behind a proxy, TRUST_PROXY makes that the public one).
 */
export function servedDocument(
  document: JsonObject,
  request: FastifyRequest,
  publicUrl: string | undefined,
) {
  const url = publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return { ...document, servers: [{ url, description: 'This back-office' }] };
}
