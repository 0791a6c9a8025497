import type { Invoice } from '@bo/contract/invoices';
import { renderFacturX, renderUbl } from './einvoice.js';
import { renderInvoicePdf, type PdfLang } from './pdf.js';

/**
 * Runs in a worker thread (see renderer.ts): laying out a PDF and writing an e-invoice take
 * 100–300 ms of CPU each, which on the main thread would stall every other request meanwhile.
 */
export type RenderTask =
  | { kind: 'pdf'; invoice: Invoice; lang: PdfLang }
  | {
      kind: 'facturx';
      invoice: Invoice;
      lang: PdfLang;
      precedingNumber: string | null;
      fileName: string;
    }
  | { kind: 'ubl'; invoice: Invoice; precedingNumber: string | null }
  | { kind: 'warm' };

/** What a warm-up renders: an e-invoice-ready invoice in Latin script, as most sends are. */
const party = (name: string, country: string) => ({
  name,
  email: `billing@${country.toLowerCase()}.invalid`,
  address: '1 Main Street',
  city: 'London',
  postalCode: 'EC1A 1BB',
  region: '',
  phone: '',
  taxId: '',
  country,
});
const SAMPLE = {
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'invoice',
  invoiceNumber: 'INV-2000-00001',
  number: 1,
  status: 'sent',
  currency: 'EUR',
  customerId: null,
  from: party('Warm-up Ltd', 'GB'),
  to: party('Warm-up SARL', 'FR'),
  createdAt: '2000-01-01T00:00:00.000Z',
  issueDate: '2000-01-01',
  dueDate: '2000-01-31',
  subtotal: 10000,
  discount: 0,
  taxes: 2000,
  shipping: 0,
  total: 12000,
  paid: 0,
  balance: 12000,
  sentCount: 0,
  lastSentAt: null,
  creditNoteFor: null,
  creditNoteId: null,
  orderId: null,
  orderNumber: null,
  updatedAt: '2000-01-01T00:00:00.000Z',
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Warm-up',
      description: '',
      service: '',
      quantity: 1,
      price: 10000,
      taxRate: 20,
      total: 10000,
      tax: 2000,
    },
  ],
  payments: [],
  notes: '',
} satisfies Invoice;

export default async function render(task: RenderTask): Promise<Uint8Array | string> {
  switch (task.kind) {
    case 'pdf':
      return new Uint8Array(await renderInvoicePdf(task.invoice, { lang: task.lang }));
    case 'facturx': {
      const pdf = await renderInvoicePdf(task.invoice, { lang: task.lang });
      return renderFacturX(task.invoice, task.precedingNumber, pdf, task.fileName);
    }
    case 'ubl':
      return renderUbl(task.invoice, task.precedingNumber);
    case 'warm': {
      // Loads the modules, parses the Latin faces and compiles the EN 16931 check: the cold
      // part of a first send (see warmRenderer).
      const pdf = await renderInvoicePdf(SAMPLE);
      await renderFacturX(SAMPLE, null, pdf, 'warm-up.pdf');
      return '';
    }
  }
}
