import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Socket helpers for tests: a listening app's socket URL, sockets that collect what they get. */
export async function listen(app: FastifyInstance) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}/api/realtime`;
}

export type Message = {
  type: string;
  userId?: string;
  event?: { type: string; payload: Record<string, unknown> };
};

/** Opens a socket and collects what it receives; `next(pred)` waits for a matching message. */
export function connect(url: string, options?: WebSocket.ClientOptions) {
  const socket = new WebSocket(url, options);
  const received: Message[] = [];
  const waiters: Array<{ pred: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as Message;
    received.push(message);
    for (const w of [...waiters]) {
      if (w.pred(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    opened,
    closed,
    next(pred: (m: Message) => boolean, ms = 3000) {
      const found = received.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise<Message>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching message in time')), ms);
        waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

export async function signedIn(url: string, token: string) {
  const c = connect(url);
  await c.opened;
  c.socket.send(JSON.stringify({ type: 'auth', token }));
  await c.next((m) => m.type === 'ready');
  return c;
}
