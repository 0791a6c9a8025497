import {
  SpanKind,
  SpanStatusCode,
  context,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and off otherwise: then nothing here is loaded into
 * a request's path but one boolean test. A request is one span (route pattern, status, the request
 * id) with its hooks and handler as children (`@fastify/otel`), and every database statement a
 * child of what sent it (`tracedStatement`, on both stores). One provider per process, set up
 * before the database is opened (main.ts); the SDK is imported only then.
 */
let provider: TracerProvider | undefined;
let requestPlugin: FastifyPluginAsync | undefined;
const TRACER = 'back-office';

export interface TracingOptions {
  /** The collector's base URL (`/v1/traces` is added), as OTEL_EXPORTER_OTLP_ENDPOINT says. */
  endpoint?: string;
  /** The full traces URL, as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT says (wins over `endpoint`). */
  tracesEndpoint?: string;
  serviceName: string;
  version: string;
}

/** Starts exporting when an endpoint is given; true when traces are on. */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (provider) return true;
  const url =
    options.tracesEndpoint ??
    (options.endpoint ? `${options.endpoint.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url) return false;
  const [{ AsyncLocalStorageContextManager }, { OTLPTraceExporter }, resources, sdk, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@fastify/otel'),
    ]);
  const { resourceFromAttributes } = resources;
  const { BatchSpanProcessor } = sdk;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.version,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  });
  trace.setGlobalTracerProvider(provider);
  const otel = new fastifyOtel.FastifyOtelInstrumentation({
    registerOnInitialization: false,
    requestHook: (span: Span, request: { id: string }) => {
      span.setAttribute('http.request.id', request.id);
    },
  });
  otel.setTracerProvider(provider);
  requestPlugin = otel.plugin() as unknown as FastifyPluginAsync;
  return true;
}

export const tracingOn = () => provider !== undefined;

/** Sends what is buffered and stops (graceful shutdown; tests). */
export async function stopTracing(): Promise<void> {
  const p = provider;
  provider = undefined;
  requestPlugin = undefined;
  if (!p) return;
  await p.shutdown();
  trace.disable();
  context.disable();
}

/** Sends the spans buffered so far now (tests read them at once). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** The request's spans: registered first in the app, so every route and hook is seen. */
export async function registerTracing(app: FastifyInstance): Promise<void> {
  if (requestPlugin) await app.register(requestPlugin);
}

/** The trace and span ids of the active span, for log lines; none when traces are off. */
export function traceIds(): { traceId: string; spanId: string } | undefined {
  if (!provider) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** The first words of a statement, as a span's name: `SELECT`, `INSERT INTO orders`… */
function statementName(text: string): string {
  const m = /^\s*(with|select|insert\s+into|update|delete\s+from|[a-z]+)\s*("?[\w.]+"?)?/i.exec(
    text,
  );
  if (!m) return 'sql';
  const verb = m[1]!.replace(/\s+/g, ' ').toUpperCase();
  return verb === 'INSERT INTO' || verb === 'UPDATE' || verb === 'DELETE FROM'
    ? `${verb} ${(m[2] ?? '').replace(/"/g, '')}`.trim()
    : verb;
}

/**
 * Runs one statement inside a span (a child of the request that sent it). The statement's text is
 * kept (cut at 2,000 characters), never its values: they may hold personal data or secrets.
 */
export function tracedStatement<T>(
  system: 'postgresql',
  dbName: string,
  text: string,
  run: () => Promise<T>,
): Promise<T> {
  if (!provider) return run();
  const attributes: Attributes = {
    'db.system.name': system,
    'db.namespace': dbName,
    'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
  };
  return trace
    .getTracer(TRACER)
    .startActiveSpan(statementName(text), { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await run();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    });
}
