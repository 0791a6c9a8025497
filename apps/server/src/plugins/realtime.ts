import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { Counter, Gauge } from 'prom-client';
import type { WebSocket } from 'ws';
import { CHAT_EVENTS } from '@bo/contract/chat';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE,
  REALTIME_PATH,
  realtimeClientMessageSchema,
  realtimeEventAccess,
  type RealtimeServerMessage,
} from '@bo/contract/realtime';
import type { DomainEvent } from '../lib/events.js';
import type { AuthContext } from './auth.js';

const SESSION_TABLES = new Set(['sessions', 'users', 'roles']);

/** How often a socket's session is checked again, so signing out ends its socket too. */
const RECHECK_MS = 60_000;
/** Ping interval; a socket that missed a whole interval is dropped. */
const HEARTBEAT_MS = 30_000;

interface Client {
  socket: WebSocket;
  token: string;
  /** The upgrade request, kept for the session recheck's logging. */
  request: FastifyRequest;
  auth: AuthContext;
  alive: boolean;
  /** Counted in presence (told to the tracker as opened, and not yet as closed). */
  present: boolean;
}

/** Whether `auth` holds one of the permissions that may receive events of `type`. */
function mayReceiveType(auth: AuthContext, type: string): boolean {
  const needed = realtimeEventAccess(type);
  return !!needed && needed.some((permission) => auth.permissions.has(permission));
}

/**
 * An event reaches a person only when its audience names them (or is everyone) and they hold a
 * permission its type declares in REALTIME_EVENT_ACCESS (contract). A type declared nowhere
 * reaches no one: there is no default that lets an event through.
 */
export function mayReceive(auth: AuthContext, event: DomainEvent): boolean {
  if (event.audience !== 'all' && !event.audience.includes(auth.userId)) return false;
  return mayReceiveType(auth, event.type);
}

/**
 * Whose sockets count in presence: people who take part in chat (those who may receive
 * `chat.presence`), never an account still pending (unverified, unapproved) or otherwise limited.
 */
export function showsPresence(auth: AuthContext): boolean {
  return !auth.limited && mayReceiveType(auth, CHAT_EVENTS.presence);
}

/** No Origin (a server-side client) or the same host as the request. */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

const send = (socket: WebSocket, message: RealtimeServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * The one WebSocket per tab (ARCHITECTURE: Realtime). Sign-in is the first message
 * `{ type: 'auth', token }` (or `?token=`), verified exactly as a request's bearer token, server
 * session included. Events come from the EventBus (LISTEN/NOTIFY), so a change made through any
 * instance reaches sockets on every instance.
 */
export async function realtimePlugin(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  const clients = new Set<Client>();

  new Gauge({
    name: 'bo_realtime_sockets',
    help: 'Realtime sockets signed in on this instance.',
    registers: [app.metrics.registry],
    collect() {
      this.set(clients.size);
    },
  });
  const eventsSent = new Counter({
    name: 'bo_realtime_events_sent_total',
    help: 'Realtime event messages sent to sockets, by event type.',
    labelNames: ['type'],
    registers: [app.metrics.registry],
  });

  const stopListening = app.services.events.on((event) => {
    const message: RealtimeServerMessage = {
      type: 'event',
      event: { type: event.type, payload: event.payload },
    };
    const data = JSON.stringify(message);
    let sent = 0;
    for (const client of clients) {
      if (mayReceive(client.auth, event) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(data);
        sent++;
      }
    }
    if (sent) eventsSent.inc({ type: event.type }, sent);
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** Tells presence about the socket when whether it counts changes (sign-in, approval, close). */
  const syncPresence = (client: Client, open: boolean) => {
    const shown = open && showsPresence(client.auth);
    if (shown === client.present) return;
    client.present = shown;
    app.services.sockets.emit(shown ? 'opened' : 'closed', client.auth.userId);
  };

  const recheckAll = () => {
    for (const client of clients) {
      app.authenticateToken(client.request, client.token).then(
        (auth) => {
          // A socket that closed meanwhile was already told to presence as closed.
          if (!clients.has(client)) return;
          client.auth = auth;
          syncPresence(client, true);
        },
        () => {
          // Out at once: no event may reach a socket whose session has ended.
          clients.delete(client);
          client.socket.close(REALTIME_CLOSE.unauthorized, 'Session ended');
        },
      );
    }
  };
  // A sign-out, suspension, deletion or role change is a write to one of these tables: every
  // socket's session is checked again as soon as it commits (on any instance), not a minute later.
  let recheckQueued = false;
  const stopWatching = app.services.versions.onChange((table) => {
    if (!SESSION_TABLES.has(table) || recheckQueued) return;
    recheckQueued = true;
    setImmediate(() => {
      recheckQueued = false;
      recheckAll();
    });
  });
  // And on a timer, for sessions that simply expire.
  const recheck = setInterval(recheckAll, RECHECK_MS);
  recheck.unref();

  app.addHook('onClose', async () => {
    stopListening();
    stopWatching();
    clearInterval(heartbeat);
    clearInterval(recheck);
    for (const client of clients)
      client.socket.close(REALTIME_CLOSE.shuttingDown, 'Server shutting down');
    clients.clear();
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // The socket signs in with its first message; the bearer hook has nothing to check here.
      config: { public: true },
      schema: { hide: true },
      // A page of another site must not open a socket with a token it got hold of: a browser
      // always sends Origin on an upgrade, and it must be this server's own.
      preValidation: async (request, reply) => {
        if (!sameOrigin(request.headers.origin, request.host)) {
          await reply.code(403).send({
            statusCode: 403,
            error: 'Forbidden',
            message: 'Cross-origin socket refused',
            code: 'FORBIDDEN',
          });
        }
      },
    },
    (socket, request) => {
      let client: Client | undefined;
      let closed = false;

      const timer = setTimeout(() => {
        if (!client) socket.close(REALTIME_CLOSE.authTimeout, 'Sign-in expected');
      }, REALTIME_AUTH_TIMEOUT_MS);

      const signIn = async (token: string) => {
        try {
          const auth = await app.authenticateToken(request, token);
          if (closed) return;
          clearTimeout(timer);
          client = { socket, token, request, auth, alive: true, present: false };
          clients.add(client);
          syncPresence(client, true);
          send(socket, { type: 'ready', userId: auth.userId });
        } catch {
          socket.close(REALTIME_CLOSE.unauthorized, 'Invalid or expired session');
        }
      };

      socket.on('pong', () => {
        if (client) client.alive = true;
      });
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return;
        }
        const message = realtimeClientMessageSchema.safeParse(parsed);
        if (!message.success) return;
        if (message.data.type === 'ping') {
          if (client) client.alive = true;
          send(socket, { type: 'pong' });
          return;
        }
        if (message.data.type === 'activity') {
          if (client?.present) app.services.sockets.emit('active', client.auth.userId);
          return;
        }
        if (!client) void signIn(message.data.token);
      });
      socket.on('close', () => {
        closed = true;
        clearTimeout(timer);
        if (client) {
          clients.delete(client);
          syncPresence(client, false);
        }
      });

      const queryToken = (request.query as { token?: unknown }).token;
      if (typeof queryToken === 'string' && queryToken) void signIn(queryToken);
    },
  );
}
