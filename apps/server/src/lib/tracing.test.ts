import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/helpers.js';
import { flushTracing, startTracing, stopTracing } from './tracing.js';

/** A span as OTLP/JSON carries it (the fields the test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? String(v.intValue) : undefined);
};

// A collector of our own: what the OTLP/HTTP exporter posts to `<endpoint>/v1/traces`.
let collector: Server;
const received: Array<{ path: string; spans: OtlpSpan[]; service?: string }> = [];
let t: TestApp;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{
          resource: { attributes: OtlpSpan['attributes'] };
          scopeSpans: Array<{ spans: OtlpSpan[] }>;
        }>;
      };
      for (const rs of body.resourceSpans) {
        received.push({
          path: req.url ?? '',
          service: rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
          spans: rs.scopeSpans.flatMap((s) => s.spans),
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  const { port } = collector.address() as AddressInfo;
  // Before the database is opened, as main.ts does: its statements are spans too.
  expect(
    await startTracing({
      endpoint: `http://127.0.0.1:${port}/`,
      serviceName: 'back-office-test',
      version: 'test',
    }),
  ).toBe(true);
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  await stopTracing();
  await new Promise((r) => collector.close(r));
});

describe('traces over OTLP', () => {
  it('sends a request as a span named by its route, with its request id and its statements as children', async () => {
    const { accessToken } = await login(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=5',
      headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': 'trace-me-42' },
    });
    expect(res.statusCode).toBe(200);
    await flushTracing();

    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.path === '/v1/traces')).toBe(true);
    expect(received[0]!.service).toBe('back-office-test');
    const spans = received.flatMap((r) => r.spans);
    const request = spans.find((s) => attr(s, 'http.request.id') === 'trace-me-42');
    expect(request, 'the request span carries the request id').toBeDefined();
    expect(attr(request!, 'http.route')).toBe('/api/users');
    // Everything the request did is in its trace: the handler and its database statements.
    const inTrace = spans.filter((s) => s.traceId === request!.traceId);
    const statements = inTrace.filter((s) => attr(s, 'db.system.name') === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => /^(SELECT|WITH)/.test(s.name))).toBe(true);
    // Statements carry their text, never their values.
    for (const s of statements) expect(attr(s, 'db.query.text')).not.toContain('trace-me-42');
    // Every span of the trace hangs from the request's.
    const ids = new Set(inTrace.map((s) => s.spanId));
    for (const s of inTrace) if (s !== request) expect(ids.has(s.parentSpanId ?? '')).toBe(true);
  });
});
