import { INVOICES_API } from '@bo/contract/invoices';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

export interface InvoiceBenchContext {
  /** Issued invoices to render, spread over the table. */
  ids: string[];
  /** Those of them that can be e-invoices (the customer has a country and an email). */
  einvoiceIds: string[];
  /** The cursor ~50,000 invoices in (newest first): the deep page starts there. */
  deepCursor: string;
  /** A customer's name, for the search. */
  customer: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
type Row = {
  id: string;
  createdAt: string;
  to: { name: string; country: string; email: string };
};
const rowsOf = (b: unknown): Row[] =>
  isObject(b) && Array.isArray(b.invoices) ? (b.invoices as Row[]) : [];

export async function prepareInvoiceBench(fetchJson: JsonFetch): Promise<InvoiceBenchContext> {
  const newest = await fetchJson('GET', '/api/invoices?limit=100&status=paid');
  const first = rowsOf(newest.body);
  if (!first.length) throw new Error('no invoices: seed the large data set first');
  const all = await fetchJson('GET', '/api/invoices?limit=1');
  const total =
    isObject(all.body) && typeof all.body.total === 'number' ? all.body.total : first.length;
  const oldest = rowsOf((await fetchJson('GET', '/api/invoices?limit=1&order=asc')).body)[0]!;
  const newestRow = rowsOf(all.body)[0]!;
  // Invoices are spread evenly over time: the day ~50,000 in from the newest.
  const share = Math.min(0.5, 50_000 / Math.max(1, total));
  const t1 = Date.parse(newestRow.createdAt);
  const t0 = Date.parse(oldest.createdAt);
  const day = new Date(t1 - share * (t1 - t0)).toISOString().slice(0, 10);
  const deep = await fetchJson('GET', `/api/invoices?limit=1&to=${day}`);
  const deepCursor =
    isObject(deep.body) && typeof deep.body.nextCursor === 'string' ? deep.body.nextCursor : '';
  return {
    ids: first.map((r) => r.id),
    einvoiceIds: first.filter((r) => r.to.country && r.to.email).map((r) => r.id),
    deepCursor,
    customer: first[0]!.to.name.split(' ')[0]!,
  };
}

const isList = (b: unknown) =>
  isObject(b) && Array.isArray(b.invoices) && typeof b.total === 'number' && isObject(b.stats);

const list = (name: string, query: string): BenchScenario<InvoiceBenchContext> => ({
  name,
  method: 'GET',
  url: () => `/api/invoices?limit=25${query}`,
  expectedStatus: 200,
  check: isList,
});

export const invoiceScenarios: BenchScenario<InvoiceBenchContext>[] = [
  list('invoice list first page with stats', ''),
  list('invoice list first page, paid', '&status=paid'),
  list('invoice list first page, pending', '&status=sent'),
  list('invoice list first page, overdue', '&status=overdue'),
  list('invoice list first page, draft', '&status=draft'),
  {
    name: 'invoice list deep page (~50,000 in)',
    method: 'GET',
    url: (ctx) => `/api/invoices?limit=25&cursor=${ctx.deepCursor}`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'invoice search by customer',
    method: 'GET',
    url: (ctx) => `/api/invoices?limit=25&q=${encodeURIComponent(ctx.customer)}`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'invoice PDF (100 invoices, each rendered on its first open, then kept)',
    method: 'GET',
    url: (ctx, i) => INVOICES_API.pdf(ctx.ids[i % ctx.ids.length]!),
    expectedStatus: 200,
    check: (b) => typeof b === 'string' && b.startsWith('%PDF-'),
  },
  {
    name: 'invoice UBL 2.1 XML (written on its first open, then kept)',
    method: 'GET',
    url: (ctx, i) => INVOICES_API.ubl(ctx.einvoiceIds[i % ctx.einvoiceIds.length]!),
    expectedStatus: 200,
    check: (b) => typeof b === 'string' && b.startsWith('<?xml') && b.includes('<cbc:ID>INV-'),
  },
];
