import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Invoice } from '@bo/contract/invoices';
import { assertEInvoiceReady } from './einvoice-ready.js';
import type { PdfLang } from './pdf-langs.js';
import type { RenderTask } from './render-worker.js';

/**
 * The invoice renderers (PDF, Factur-X, UBL) run on a small pool of worker threads, so a PDF
 * being laid out never holds up the requests around it. From sources (tests, `npm run dev`) the
 * worker is the TypeScript file, loaded through tsx; from the bundle it is `dist/render-worker.js`
 * beside `dist/main.js`.
 */
const fromSources = import.meta.url.endsWith('.ts');
let pool: Piscina | undefined;

function thePool(): Piscina {
  pool ??= new Piscina({
    filename: fileURLToPath(
      new URL(fromSources ? './render-worker.ts' : './render-worker.js', import.meta.url),
    ),
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  return pool;
}

const run = <T>(task: RenderTask) => thePool().run(task) as Promise<T>;

export async function renderPdf(invoice: Invoice, lang: PdfLang = 'en'): Promise<Buffer> {
  const bytes = await run<Uint8Array>({ kind: 'pdf', invoice, lang });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Factur-X; a draft or a party without country or email is refused here with its 409. */
export async function renderFacturXPdf(
  invoice: Invoice,
  precedingNumber: string | null,
  fileName: string,
  lang: PdfLang = 'en',
): Promise<Buffer> {
  assertEInvoiceReady(invoice);
  const bytes = await run<Uint8Array>({
    kind: 'facturx',
    invoice,
    lang,
    precedingNumber,
    fileName,
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function renderUblXml(invoice: Invoice, precedingNumber: string | null) {
  assertEInvoiceReady(invoice);
  return run<string>({ kind: 'ubl', invoice, precedingNumber });
}

/** When the last warm-up started: those asked for within WARM_EVERY_MS of it are one. */
let warmedAt = 0;
const WARM_EVERY_MS = 20_000;

/**
 * Has a worker load what a first render needs (its thread, the modules, the Latin faces, the
 * EN 16931 check) before anyone asks, off every request's path: once the server listens, and
 * while someone has an invoice editor open (it asks every 45 s, inside the worker's minute of
 * idle life), so their "Save and send" finds it ready. With no editor open the worker still ends
 * after a minute unused (decision 010: a worker kept at rest costs ~100 MB).
 */
export async function warmRenderer() {
  if (Date.now() - warmedAt < WARM_EVERY_MS) return;
  warmedAt = Date.now();
  await run<string>({ kind: 'warm' });
}

/** Stops the workers (server shutdown). */
export async function closeRenderer() {
  const p = pool;
  pool = undefined;
  warmedAt = 0;
  await p?.destroy();
}
