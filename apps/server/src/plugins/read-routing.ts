import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inReadScope, newReadScope, type ReadScope } from '../db/replicas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's statements may be read from (PostgreSQL with replicas only). */
    readScope: ReadScope | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Read replicas per request (decision 052): the statements a GET or HEAD sends outside
 * transactions once its sign-in checks passed may be answered by a replica; a request that may
 * write (any other method) holds its author's reads on the primary until a replica replayed past
 * it. Registered after the auth plugin: its session checks ran before the scope opens and were
 * the primary's. Does nothing without DATABASE_READ_URL.
 */
export const readRoutingPlugin = fp(
  async (app: FastifyInstance) => {
    const replicas = app.services.database.replicas;
    app.decorateRequest('readScope', null);
    if (!replicas) return;

    /** Requests under way that may write, by id. */
    const writing = new Set<string>();

    // Opened here and entered again before the handler: what runs inside sees it.
    app.addHook('onRequest', (request, _reply, done) => {
      const scope = newReadScope();
      request.readScope = scope;
      inReadScope(scope, done);
    });

    app.addHook('preHandler', (request, _reply, done) => {
      const scope = request.readScope!;
      const person = request.auth?.userId ?? undefined;
      scope.person = person;
      if (READ_METHODS.has(request.method)) scope.mayLag = true;
      else if (person) {
        replicas.writeStarted(person);
        writing.add(request.id);
      }
      inReadScope(scope, done);
    });

    const ended = async (id: string, scope: ReadScope | null) => {
      const person = scope?.person;
      if (!person) return;
      if (writing.delete(id)) await replicas.writeEnded(person);
      // A GET that wrote after all (a statement a replica refused): the same rule from now on.
      else if (scope.wroteOnReplica) {
        replicas.writeStarted(person);
        await replicas.writeEnded(person);
      }
    };
    app.addHook('onResponse', async (request) => ended(request.id, request.readScope));
    app.addHook('onRequestAbort', async (request) => ended(request.id, request.readScope));
  },
  { name: 'read-routing', dependencies: ['services', 'auth'] },
);
