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
  | { kind: 'ubl'; invoice: Invoice; precedingNumber: string | null };

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
  }
}
