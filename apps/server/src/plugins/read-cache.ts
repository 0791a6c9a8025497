import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { CHECKED_ANSWER_MAX_AGE_MS } from '../lib/data-versions.js';
import { LruCache } from '../lib/lru.js';
import { requireReplayed } from '../db/replicas.js';
import type { AuthContext } from './auth.js';

/**
 * What a GET route's answer depends on, declared next to its permission:
 * - `tables`: every table its queries read (the answer is reused until one of them changes);
 * - `scope`: whose answer it is — `role` when it depends only on what the caller's role may see,
 *   `user` when it depends on who the caller is (their own orders, their own account).
 */
export interface ReadCacheRule {
  tables: readonly string[];
  scope: 'role' | 'user' | ((auth: AuthContext) => 'role' | 'user');
  /**
   * What else the answer depends on besides the tables (the day, when a status derives from it;
   * a per-person version of data kept apart, like a mailbox).
   */
  vary?: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: ReadCacheRule;
  }
  interface FastifyRequest {
    /** Set when this request's answer may be kept: where, and the data versions it was read at. */
    cacheSlot: { key: string; stamp: number; snapshot?: string } | null;
    /** Set when this request computes an answer others may be waiting for: call when done. */
    cacheFlight: (() => void) | null;
  }
  interface FastifyInstance {
    /** Answers served from memory and computed, since start (for the bench and the logs). */
    readCacheStats(): { enabled: boolean; hits: number; misses: number; entries: number };
  }
}

interface Entry {
  /** The answer as sent: UTF-8 bytes, so a hit does not encode it again. */
  body: Buffer;
  /** The same, gzipped once (answers of 1 KB and more), for clients that accept it. */
  gzip?: Buffer;
  contentType: string;
  /** Headers of the answer a hit must repeat (a document's file name). */
  headers: Record<string, string>;
  stamp: number;
  /** PostgreSQL: the snapshot taken before the answer was computed (see changedSince). */
  snapshot?: string;
  /** When it was computed (ms): a checked answer is reused for CHECKED_ANSWER_MAX_AGE_MS at most. */
  bornAt: number;
  size: number;
}

/** READ_CACHE_MB's default: 64 MB of answers. */
export const DEFAULT_READ_CACHE_BYTES = 64 * 1024 * 1024;

/** Answers this big are also kept gzipped: browsers always accept it, and a hit then costs no zlib. */
const GZIP_FROM_BYTES = 1024;
/** Text compresses; a PDF is compressed inside already. */
const COMPRESSIBLE = /json|xml|text|javascript/;
/** What a hit repeats besides the content type (`link`: where a list's next rows are). */
const KEPT_HEADERS = ['content-disposition', 'cache-control', 'link'] as const;

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b(?!;\s*q=0(\.0*)?\b)/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * What an answer depends on in the request: the route, and its path and query parameters as
 * the route's schema parsed them (defaults applied, unknown ones dropped, keys sorted). A junk
 * parameter (`?cb=123`) or another order of the same ones is the same answer, not a new entry.
 */
export function requestKey(request: FastifyRequest): string {
  // A route that declares no query reads none: whatever was sent is not part of its answer.
  const query = request.routeOptions.schema?.querystring ? request.query : {};
  return `${request.routeOptions.url}|${stable(request.params)}|${stable(query)}`;
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/** Roles' permissions are part of every answer's visibility, so `roles` is always a dependency. */
const ALWAYS = ['roles'];

/**
 * Keeps the JSON answers of the GET routes that declare `config.cache`, keyed by caller scope and
 * URL, and serves them again while the tables they read are unchanged (DataVersions). Runs after
 * the auth hook, so the token and permission are checked on every request, hit or not. On unless
 * READ_CACHE=off. On the embedded store one process owns the data and hears every commit as it
 * returns; on PostgreSQL, where other instances write too, each reuse is first checked against the
 * change log in one indexed query (decision 007).
 */
export const readCachePlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      /**
       * Answers that a later onSend finishes for each request (signed upload URLs, decision
       * 038): kept without a gzip copy, which a hit could not finish.
       */
      finishedPerRequest?: (body: Buffer) => boolean;
    } = {},
  ) => {
    const { versions, caching, database, config } = app.services;
    const checked = database.kind === 'postgres';
    // Bounded by count and by bytes (READ_CACHE_MB): the least recently used answers go first.
    const cache = new LruCache<Entry>(5_000, config.readCacheBytes ?? DEFAULT_READ_CACHE_BYTES);
    const tablesOf = new Map<ReadCacheRule, readonly string[]>();
    const declared = new Set<string>();

    app.decorateRequest('cacheSlot', null);
    app.decorateRequest('cacheFlight', null);
    app.decorate('readCacheStats', () => ({
      enabled: caching,
      hits: cache.hits,
      misses: cache.misses,
      entries: cache.size,
    }));

    // Metrics: by route pattern; an invalidation is a kept answer found outdated by a write.
    const registers = [app.metrics.registry];
    const outcome = (name: string, help: string) =>
      new Counter({ name, help, labelNames: ['route'], registers });
    const hits = outcome('bo_read_cache_hits_total', 'Read answers served from memory, by route.');
    const misses = outcome('bo_read_cache_misses_total', 'Read answers computed, by route.');
    const invalidations = outcome(
      'bo_read_cache_invalidations_total',
      'Kept read answers found outdated by a committed write, by route.',
    );
    new Gauge({
      name: 'bo_read_cache_entries',
      help: 'Read answers kept in memory.',
      registers,
      collect() {
        this.set(cache.size);
      },
    });
    new Gauge({
      name: 'bo_read_cache_bytes',
      help: 'Bytes of the read answers kept in memory (at most READ_CACHE_MB).',
      registers,
      collect() {
        this.set(cache.bytesUsed);
      },
    });
    new Gauge({
      name: 'bo_read_cache_enabled',
      help: '1 when read answers are kept (READ_CACHE), else 0.',
      registers,
      collect() {
        this.set(caching ? 1 : 0);
      },
    });

    app.addHook('onRoute', (route) => {
      const rule = (route.config as { cache?: ReadCacheRule } | undefined)?.cache;
      if (!rule) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((m) => m !== 'GET' && m !== 'HEAD'))
        throw new Error(`${route.url}: only GET answers can be cached`);
      tablesOf.set(rule, [...new Set([...rule.tables, ...ALWAYS])]);
      for (const t of rule.tables) declared.add(t);
    });

    // A table without the change trigger would keep an answer forever: refuse to start.
    app.addHook('onReady', async () => {
      if (!caching) return;
      const missing = await versions.untracked([...declared, ...ALWAYS]);
      if (missing.length)
        throw new Error(
          `Cached routes read tables without a change trigger: ${missing.join(', ')} (see migration 0006)`,
        );
    });

    if (!caching) return;

    function slotKey(request: FastifyRequest, rule: ReadCacheRule): string | null {
      const auth = request.auth;
      if (!auth) return null;
      const scope = typeof rule.scope === 'function' ? rule.scope(auth) : rule.scope;
      const what = rule.vary ? `${requestKey(request)}|${rule.vary(request)}` : requestKey(request);
      // A token holds fewer permissions than its role: its answers are its own.
      if (auth.tokenId) return `t:${auth.tokenId}|${what}`;
      return scope === 'user' ? `u:${auth.userId}|${what}` : `r:${auth.role}|${what}`;
    }

    /** The kept answer if it is still current, and the stamps a new one would get. */
    async function lookup(key: string, tables: readonly string[]) {
      const stamp = versions.stamp(tables);
      const seen = cache.peek(key);
      const kept = cache.get(key);
      let hit = kept;
      // A change this instance has heard of already: no need to ask the database.
      if (hit && hit.stamp !== stamp) hit = undefined;
      let snapshot: string | undefined;
      if (checked) {
        if (hit && Date.now() - hit.bornAt > CHECKED_ANSWER_MAX_AGE_MS) hit = undefined;
        // One statement: is the kept answer still current, and the snapshot to stamp a new one.
        const now = await versions.changedSince(tables, hit?.snapshot ?? null);
        if (now.changed) hit = undefined;
        snapshot = now.snapshot;
        // An answer computed now is kept against this snapshot: a replica must be as new.
        if (!hit) requireReplayed(now.lsn);
      }
      return { hit, seen, stamp, snapshot, outdated: !!kept && !hit };
    }

    /**
     * Answers being computed, by key: a request that misses while the same answer is already
     * being computed waits for it instead of computing it again (fifty clients asking for the
     * same new PDF render it once), then checks it like any kept answer.
     */
    const computing = new Map<string, Promise<void>>();

    app.addHook('preHandler', async (request, reply) => {
      const rule = request.routeOptions.config.cache;
      if (!rule || request.method !== 'GET') return;
      const key = slotKey(request, rule);
      if (!key) return;
      const tables = tablesOf.get(rule)!;
      const route = { route: request.routeOptions.url ?? '' };
      let found = await lookup(key, tables);
      if (found.outdated) invalidations.inc(route);
      if (!found.hit) {
        const running = computing.get(key);
        if (running) await running;
        // Computed meanwhile, by the request waited for or one that ended while this one asked
        // the database: check that answer like any kept one.
        if (running || cache.peek(key) !== found.seen) found = await lookup(key, tables);
      }
      const { hit, stamp, snapshot } = found;
      if (hit) {
        cache.hits++;
        hits.inc(route);
        reply.header('x-cache', 'hit').type(hit.contentType).headers(hit.headers);
        if (hit.gzip && acceptsGzip(request)) {
          // Already encoded: the compression plugin leaves an answer with an encoding alone.
          reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
          return reply.send(hit.gzip);
        }
        return reply.send(hit.body);
      }
      cache.misses++;
      misses.inc(route);
      // Stamped before the handler reads: a write committing meanwhile makes this answer stale.
      request.cacheSlot = { key, stamp, snapshot };
      if (!computing.has(key)) {
        let done!: () => void;
        const flight = new Promise<void>((resolve) => (done = resolve));
        computing.set(key, flight);
        request.cacheFlight = () => {
          // Only its own: a later request may already compute a newer answer under this key.
          if (computing.get(key) === flight) computing.delete(key);
          done();
        };
      }
    });

    // Whatever the answer (kept, refused, failed), those waiting for it go on.
    app.addHook('onResponse', async (request) => {
      request.cacheFlight?.();
      request.cacheFlight = null;
    });
    app.addHook('onRequestAbort', async (request) => {
      request.cacheFlight?.();
      request.cacheFlight = null;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const slot = request.cacheSlot;
      if (!slot) return payload;
      request.cacheSlot = null;
      // JSON and text answers, and documents sent as bytes (an invoice's PDF or XML).
      if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        reply.header('x-cache', 'miss');
        const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        const entry: Entry = {
          body,
          headers,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          stamp: slot.stamp,
          snapshot: slot.snapshot,
          bornAt: Date.now(),
          size: body.length + slot.key.length * 2 + 64,
        };
        cache.set(slot.key, entry);
        if (
          body.length >= GZIP_FROM_BYTES &&
          COMPRESSIBLE.test(entry.contentType) &&
          !opts.finishedPerRequest?.(body)
        ) {
          // Off the event loop (zlib's thread pool); kept only if the entry is still the current one.
          gzip(body, (err, zipped) => {
            if (err || cache.peek(slot.key) !== entry) return;
            cache.set(slot.key, { ...entry, gzip: zipped, size: entry.size + zipped.length });
          });
        }
        return body;
      }
      return payload;
    });
  },
  { name: 'read-cache', dependencies: ['services', 'auth', 'metrics'] },
);
