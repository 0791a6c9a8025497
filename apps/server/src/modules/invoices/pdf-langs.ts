/**
 * The languages an invoice document is written in. Apart from pdf.ts, so the routes can name
 * them without loading pdfkit and fontkit (only the renderers' worker threads need those).
 */
export const PDF_LANGS = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type PdfLang = (typeof PDF_LANGS)[number];
