import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { traceIds } from './tracing.js';
import type { FastifyServerOptions } from 'fastify';

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** `…&token=eyJ…` → `…&token=[redacted]`: a socket's token never reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|password)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Errors as they may be logged: a failed query keeps its SQL text and the database's error code
 * and message, never its parameters (password hashes, tokens, personal data) nor the database's
 * `detail` (which quotes values).
 */
export function safeError(
  err: unknown,
  depth = 0,
  fromQuery = false,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!err || typeof err !== 'object') return { type: 'Error', message: String(err), stack: '' };
  const e = err as ErrorLike;
  const isQueryError = 'params' in e && 'query' in e;
  // The database's own message quotes the offending value (`invalid input syntax for type
  // integer: "…"`): inside a failed query, every quoted part is dropped.
  const strip = (text: string | undefined) => {
    if (!text) return text;
    let out = isQueryError ? text.replace(/\nparams:[\s\S]*$/, '') : text;
    if (fromQuery) out = out.replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
    return out;
  };
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: e.name ?? 'Error',
    message: strip(e.message) ?? '',
    stack: strip(e.stack) ?? '',
  };
  if (e.code !== undefined) out.code = e.code;
  if (isQueryError && typeof e.query === 'string') out.query = e.query;
  if (e.cause && depth < 3) out.cause = safeError(e.cause, depth + 1, fromQuery || isQueryError);
  return out;
}

/** Pino options of the server: level, and serializers that keep secrets out of every line. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // Through process.stdout, as console output is: start-up lines keep their order, so the
    // sign-in banner printed after start-up is the last thing on screen (pino's own
    // asynchronous writer let seeding lines land after it).
    stream: { write: (line: string) => void process.stdout.write(line) },
    // With traces on, each line names the trace and span it was written in.
    mixin: () => traceIds() ?? {},
    serializers: {
      err: (err: unknown) => safeError(err),
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        reqId: req.id,
      }),
    },
  };
}

/** A logger with the server's options for what runs before the app exists (first-start seeding). */
export function startupLogger(level: string): Logger {
  const { stream, ...options } = loggerOptions(level) as LoggerOptions & {
    stream: DestinationStream;
  };
  return pino(options, stream);
}
