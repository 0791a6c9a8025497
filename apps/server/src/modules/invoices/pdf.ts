import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { taxesByRate, type Invoice } from '@bo/contract/invoices';
import { PDF_LANGS, type PdfLang } from './pdf-langs.js';

/**
 * The one invoice renderer: the PDF the details screen shows, the download, the print and the
 * mail attachment are the same bytes. A4, fonts bundled from npm (Noto Sans for Latin and
 * Vietnamese, Noto Sans Arabic, Noto Sans SC), so it renders offline in every language we ship;
 * each piece of text is set in the font of its script (Arabic shaped and set right to left).
 */

export { PDF_LANGS, type PdfLang };

const LABELS: Record<PdfLang, Record<string, string>> = {
  en: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    draft: 'Draft',
    from: 'From',
    billTo: 'Bill to',
    issued: 'Issue date',
    due: 'Due date',
    item: 'Description',
    qty: 'Qty',
    price: 'Unit price',
    tax: 'Tax',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    taxAt: 'Tax {rate} on {base}',
    shipping: 'Shipping',
    total: 'Total',
    paid: 'Paid',
    balance: 'Balance due',
    notes: 'Notes',
    taxId: 'Tax ID',
    page: 'Page',
  },
  fr: {
    invoice: 'Facture',
    credit_note: 'Avoir',
    draft: 'Brouillon',
    from: 'De',
    billTo: 'Facturer à',
    issued: "Date d'émission",
    due: "Date d'échéance",
    item: 'Désignation',
    qty: 'Qté',
    price: 'Prix unitaire',
    tax: 'TVA',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    taxAt: 'TVA {rate} sur {base}',
    shipping: 'Livraison',
    total: 'Total',
    paid: 'Payé',
    balance: 'Reste à payer',
    notes: 'Notes',
    taxId: 'N° TVA',
    page: 'Page',
  },
  vi: {
    invoice: 'Hóa đơn',
    credit_note: 'Giấy báo có',
    draft: 'Bản nháp',
    from: 'Từ',
    billTo: 'Gửi đến',
    issued: 'Ngày lập',
    due: 'Hạn thanh toán',
    item: 'Mô tả',
    qty: 'SL',
    price: 'Đơn giá',
    tax: 'Thuế',
    amount: 'Thành tiền',
    subtotal: 'Tạm tính',
    discount: 'Giảm giá',
    taxAt: 'Thuế {rate} trên {base}',
    shipping: 'Phí vận chuyển',
    total: 'Tổng cộng',
    paid: 'Đã thanh toán',
    balance: 'Còn phải trả',
    notes: 'Ghi chú',
    taxId: 'Mã số thuế',
    page: 'Trang',
  },
  cn: {
    invoice: '发票',
    credit_note: '贷项通知单',
    draft: '草稿',
    from: '开票方',
    billTo: '收票方',
    issued: '开票日期',
    due: '到期日',
    item: '项目',
    qty: '数量',
    price: '单价',
    tax: '税率',
    amount: '金额',
    subtotal: '小计',
    discount: '折扣',
    taxAt: '税率 {rate}，计税金额 {base}',
    shipping: '运费',
    total: '合计',
    paid: '已付',
    balance: '应付余额',
    notes: '备注',
    taxId: '税号',
    page: '页',
  },
  ar: {
    invoice: 'فاتورة',
    credit_note: 'إشعار دائن',
    draft: 'مسودة',
    from: 'من',
    billTo: 'إلى',
    issued: 'تاريخ الإصدار',
    due: 'تاريخ الاستحقاق',
    item: 'الوصف',
    qty: 'الكمية',
    price: 'سعر الوحدة',
    tax: 'الضريبة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    taxAt: 'الضريبة {rate} على {base}',
    shipping: 'الشحن',
    total: 'الإجمالي',
    paid: 'المدفوع',
    balance: 'الرصيد المستحق',
    notes: 'ملاحظات',
    taxId: 'الرقم الضريبي',
    page: 'صفحة',
  },
};

/** The locale numbers and dates are written in; Arabic with Latin digits, as invoices usually are. */
const LOCALES: Record<PdfLang, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  vi: 'vi-VN',
  cn: 'zh-CN',
  ar: 'ar-u-nu-latn',
};

const require = createRequire(import.meta.url);
const FONT_FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  arabicBold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

const parsedFonts = new Map<FontName, Font>();
/**
 * Read and parsed once per process, on first use (the CJK faces are 10 MB each, and an invoice in
 * Latin script never needs them), then shared by every document: each document still subsets
 * what it uses, but the shaping tables (GSUB/GPOS), which fontkit decodes lazily and keeps on the
 * font, are decoded once instead of once per invoice — that decoding was ~90% of a render (60 ms
 * an English invoice before, see the bench's invoice PDF scenario).
 */
function parsedFont(name: FontName): Font {
  let font = parsedFonts.get(name);
  if (!font) {
    const file = FONT_FILES[name];
    const opened = openFont(readFileSync(require.resolve(file)));
    if (!('layout' in opened)) throw new Error(`${file} is a font collection, not a font`);
    font = opened;
    if (name.startsWith('arabic')) keepShapedCharacters(font);
    parsedFonts.set(name, font);
  }
  return font;
}

/**
 * fontkit keeps one glyph object per glyph id, holding the characters of its first use; after
 * shaping it asks for each glyph with the characters it was shaped from, and gets that cached
 * object back. Arabic forms are shared between letters (one skeleton for ب ت ث ن ي), so a glyph
 * is handed out here as a view carrying the characters asked for.
 */
function keepShapedCharacters(font: Font) {
  const cached = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = cached(id, codePoints);
    if (codePoints.length === 0 || glyph.codePoints.join() === codePoints.join()) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as typeof glyph;
  };
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;

/**
 * pdfkit gives each glyph of the font one entry in the ToUnicode map: the characters of its first
 * use. Noto Sans Arabic draws a letter as a dotless skeleton plus dot marks, and one skeleton
 * serves several letters (ب ت ث ن ي before a join are the same glyph), while the dots come out of
 * shaping with no characters at all — so a copied or searched Arabic word came out as other
 * letters and control characters. Here a glyph gets its own CID for each character it stands
 * for (the outline is written once more into the subset, a few hundred bytes), so every CID maps
 * to exactly the letter it was shaped from, and a dot maps to U+200D ZERO WIDTH JOINER: a format
 * character, which extractors (pdf.js among them) leave out of the text. Relies on pdfkit's
 * EmbeddedFont (`encode`, `subset`, `widths`, `unicode`), pinned by the extraction tests.
 */
interface EmbeddedFont {
  layout(
    text: string,
    features?: unknown,
  ): {
    glyphs: Array<{ id: number; codePoints: number[]; advanceWidth: number }>;
    positions: unknown[];
  };
  subset: { glyphs: number[] };
  scale: number;
  widths: number[];
  unicode: number[][];
  encode(text: string, features?: unknown): [string[], unknown[]];
}
const JOINER = 0x200d;
function oneCharacterPerGlyph(font: EmbeddedFont) {
  const cids = new Map<string, number>();
  font.encode = function encode(this: EmbeddedFont, text, features) {
    const { glyphs, positions } = this.layout(text, features);
    const codes = glyphs.map((glyph) => {
      const unicode = glyph.codePoints.length > 0 ? glyph.codePoints : [JOINER];
      const key = `${glyph.id}:${unicode.join(',')}`;
      let cid = cids.get(key);
      if (cid === undefined) {
        cid = this.subset.glyphs.push(glyph.id) - 1;
        this.widths[cid] = glyph.advanceWidth * this.scale;
        this.unicode[cid] = unicode;
        cids.set(key, cid);
      }
      return cid.toString(16).padStart(4, '0');
    });
    return [codes, positions];
  };
}

/** Bidirectional marks Intl puts around Arabic dates and amounts; the layout here orders runs. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/** The ascender as a fraction of the font size (pdfkit sets a line's baseline that far down). */
const ascent = (name: FontName) => {
  const font = parsedFont(name);
  return font.ascent / font.unitsPerEm;
};

function fontFor(text: string, bold: boolean): FontName {
  const script = ARABIC.test(text) ? 'arabic' : CJK.test(text) ? 'cjk' : 'latin';
  return (bold ? `${script}Bold` : script) as FontName;
}

export interface PdfOptions {
  lang?: PdfLang;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = '#1C252E';
const MUTED = '#637381';
const RULE = '#DFE3E8';
const ACCENT = '#007867';

/** Renders the invoice to PDF bytes. */
export async function renderInvoicePdf(
  invoice: Invoice,
  options: PdfOptions = {},
): Promise<Buffer> {
  const lang = options.lang ?? 'en';
  const rtl = lang === 'ar';
  const L = LABELS[lang];
  const locale = LOCALES[lang];
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: invoice.currency,
    currencyDisplay: 'narrowSymbol',
  });
  const fmt = (cents: number) => money.format(cents / 100);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const fmtDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

  const title = `${L[invoice.kind]} ${invoice.invoiceNumber ?? `(${L.draft})`}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: title,
      Author: invoice.from.name,
      Subject: `${title} — ${invoice.to.name}`,
      CreationDate: new Date(invoice.updatedAt),
    },
    lang: lang === 'cn' ? 'zh-CN' : lang,
  });
  // Each script's face is registered with the document when its first text is set.
  const registered = new Set<FontName>();
  const face = (text: string, bold: boolean): FontName => {
    const name = fontFor(text, bold);
    if (!registered.has(name)) {
      // pdfkit takes a parsed fontkit font as it is (its types only list files and bytes).
      doc.registerFont(name, parsedFont(name) as unknown as PDFKit.Mixins.PDFFontSource);
      registered.add(name);
      if (name.startsWith('arabic')) {
        // The instance pdfkit embeds for this name (see oneCharacterPerGlyph).
        doc.font(name);
        oneCharacterPerGlyph((doc as unknown as { _font: EmbeddedFont })._font);
      }
    }
    return name;
  };

  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  type PutOptions = {
    width?: number;
    size?: number;
    bold?: boolean;
    color?: string;
    align?: 'left' | 'right' | 'center';
  };

  const FLIP = { left: 'right', right: 'left' } as const;
  /**
   * Writes one piece of text in its script's font; returns its height. x and align are given as
   * for a left-to-right page: an Arabic invoice mirrors them (the box x…x+width is taken from the
   * right edge and left and right alignment swap), so the whole layout reads right to left.
   */
  const put = (raw: string, x: number, y: number, opts: PutOptions = {}) => {
    const text = raw.replace(BIDI_MARKS, '');
    const width = opts.width ?? A4.width - MARGIN - x;
    const align = opts.align ?? 'left';
    const mirrored: { x: number; align: typeof align } = rtl
      ? { x: A4.width - x - width, align: align === 'center' ? align : FLIP[align] }
      : { x, align };
    const o = { ...opts, width, align: mirrored.align } as const;
    if (ARABIC.test(text)) return putRightToLeft(text, mirrored.x, y, o);
    doc
      .font(face(text, opts.bold ?? false))
      .fontSize(opts.size ?? 9.5)
      .fillColor(opts.color ?? INK);
    const box = { width, align: mirrored.align, lineGap: 1.5 } as const;
    doc.text(text, mirrored.x, y, box);
    return doc.heightOfString(text, box);
  };

  /**
   * Text with Arabic in it. pdfkit lays a line out as one left-to-right run, so the lines are
   * broken here (words in reading order) and each line is cut into runs of one direction: a run
   * of Arabic words is shaped as one piece (fontkit sets its glyphs right to left), a run of
   * other words (numbers, Latin names) keeps its order, and the runs are placed right to left.
   * Within a run the glyphs are in visual order, as PDF text is, and an extractor's bidirectional
   * pass gives the words back in reading order.
   */
  const putRightToLeft = (text: string, x: number, y: number, opts: PutOptions) => {
    const size = opts.size ?? 9.5;
    const bold = opts.bold ?? false;
    const box = opts.width ?? A4.width - MARGIN - x;
    // Features given (the font's defaults): pdfkit then shapes a run whole; without, it shapes
    // word by word and strings the words together left to right, reversing an Arabic phrase.
    const whole = { features: [] };
    const widthOf = (w: string) => doc.font(face(w, bold)).fontSize(size).widthOfString(w, whole);
    const space = widthOf(' ');
    const lines: string[][] = [];
    let used = 0;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const w = widthOf(word);
      const line = lines.at(-1);
      if (line && used + space + w <= box) {
        line.push(word);
        used += space + w;
      } else {
        lines.push([word]);
        used = w;
      }
    }
    const lineHeight = doc.font(face(text, bold)).fontSize(size).currentLineHeight(true) + 1.5;
    lines.forEach((words, n) => {
      const runs: string[][] = [];
      for (const word of words) {
        const last = runs.at(-1);
        if (last && ARABIC.test(last[0]!) === ARABIC.test(word)) last.push(word);
        else runs.push([word]);
      }
      const pieces = runs.map((r) => r.join(' '));
      const total = pieces.reduce((a, p) => a + widthOf(p), 0) + space * (pieces.length - 1);
      // The right edge of the line; each run is placed leftwards from it, and written in
      // reading order, so an extractor takes the runs of a mixed line in that order too.
      let edge =
        opts.align === 'right'
          ? x + box
          : opts.align === 'center'
            ? x + (box + total) / 2
            : x + total;
      for (const piece of pieces) {
        // On the baseline of the Latin text beside it (the Arabic face has a taller ascender).
        const lift = (ascent(face(' ', bold)) - ascent(face(piece, bold))) * size;
        edge -= widthOf(piece);
        doc
          .font(face(piece, bold))
          .fontSize(size)
          .fillColor(opts.color ?? INK)
          .text(piece, edge, y + n * lineHeight + lift, { ...whole, lineBreak: false });
        edge -= space;
      }
    });
    return lines.length * lineHeight;
  };

  const contentWidth = A4.width - 2 * MARGIN;
  let y = MARGIN;

  // Header: the company on the left, the document's title and number on the right.
  put(invoice.from.name, MARGIN, y, { size: 16, bold: true, width: contentWidth / 2 });
  put(L[invoice.kind].toUpperCase(), MARGIN + contentWidth / 2, y, {
    size: 18,
    bold: true,
    color: ACCENT,
    width: contentWidth / 2,
    align: 'right',
  });
  y += 26;
  put(invoice.invoiceNumber ?? L.draft, MARGIN + contentWidth / 2, y, {
    size: 11,
    bold: true,
    width: contentWidth / 2,
    align: 'right',
  });
  y += 24;

  // Parties and dates.
  const col = contentWidth / 3;
  const party = (label: string, p: Invoice['from'], x: number) => {
    let h = put(label.toUpperCase(), x, y, { size: 8, bold: true, color: MUTED, width: col - 12 });
    for (const line of [
      p.name,
      ...partyAddressLines(p, locale),
      p.email,
      p.phone,
      p.taxId ? `${L.taxId}: ${p.taxId}` : '',
    ].filter(Boolean)) {
      h += put(line, x, y + h + 2, { width: col - 12, bold: line === p.name });
    }
    return h;
  };
  const fromH = party(L.from, invoice.from, MARGIN);
  const toH = party(L.billTo, invoice.to, MARGIN + col);
  let dh = put(L.issued.toUpperCase(), MARGIN + 2 * col, y, { size: 8, bold: true, color: MUTED });
  dh += put(fmtDay(invoice.issueDate), MARGIN + 2 * col, y + dh + 2);
  dh += put(L.due.toUpperCase(), MARGIN + 2 * col, y + dh + 8, {
    size: 8,
    bold: true,
    color: MUTED,
  });
  dh += put(fmtDay(invoice.dueDate), MARGIN + 2 * col, y + dh + 10);
  y += Math.max(fromH, toH, dh + 10) + 24;

  // Lines.
  const cols = [
    { key: 'item', x: MARGIN, w: contentWidth * 0.44, align: 'left' as const },
    { key: 'qty', x: MARGIN + contentWidth * 0.44, w: contentWidth * 0.1, align: 'right' as const },
    {
      key: 'price',
      x: MARGIN + contentWidth * 0.54,
      w: contentWidth * 0.17,
      align: 'right' as const,
    },
    { key: 'tax', x: MARGIN + contentWidth * 0.71, w: contentWidth * 0.1, align: 'right' as const },
    {
      key: 'amount',
      x: MARGIN + contentWidth * 0.81,
      w: contentWidth * 0.19,
      align: 'right' as const,
    },
  ];
  const header = () => {
    doc.rect(MARGIN, y - 4, contentWidth, 20).fill('#F4F6F8');
    for (const c of cols) {
      put(L[c.key]!, c.x + 4, y + 1, {
        size: 8,
        bold: true,
        color: MUTED,
        width: c.w - 8,
        align: c.align,
      });
    }
    y += 22;
  };
  header();
  invoice.items.forEach((item) => {
    const descH = item.description
      ? doc
          .font(face(item.description, false))
          .fontSize(8.5)
          .heightOfString(item.description, { width: cols[0]!.w - 8 })
      : 0;
    const rowH = 14 + descH + 8;
    if (y + rowH > A4.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    put(item.title, cols[0]!.x + 4, y, { width: cols[0]!.w - 8, bold: true });
    if (item.description) {
      put(item.description, cols[0]!.x + 4, y + 14, {
        width: cols[0]!.w - 8,
        size: 8.5,
        color: MUTED,
      });
    }
    put(percent.format(item.quantity), cols[1]!.x + 4, y, {
      width: cols[1]!.w - 8,
      align: 'right',
    });
    put(fmt(item.price), cols[2]!.x + 4, y, { width: cols[2]!.w - 8, align: 'right' });
    put(`${percent.format(item.taxRate)} %`, cols[3]!.x + 4, y, {
      width: cols[3]!.w - 8,
      align: 'right',
    });
    put(fmt(item.total), cols[4]!.x + 4, y, { width: cols[4]!.w - 8, align: 'right' });
    y += rowH;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + contentWidth, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  });

  // Totals.
  const rows: Array<[string, number, boolean]> = [
    [L.subtotal!, invoice.subtotal, false],
    ...(invoice.discount
      ? ([[L.discount!, -invoice.discount, false]] as Array<[string, number, boolean]>)
      : []),
    // One line per rate: what is taxed at it (after the discount) and its tax.
    ...taxesByRate(invoice).map((at): [string, number, boolean] => [
      L.taxAt!.replace('{rate}', `${percent.format(at.rate)} %`).replace('{base}', fmt(at.base)),
      at.tax,
      false,
    ]),
    ...(invoice.shipping
      ? ([[L.shipping!, invoice.shipping, false]] as Array<[string, number, boolean]>)
      : []),
    [L.total!, invoice.total, true],
    ...(invoice.paid
      ? ([[L.paid!, -invoice.paid, false]] as Array<[string, number, boolean]>)
      : []),
    ...(invoice.kind === 'invoice'
      ? ([[L.balance!, invoice.balance, true]] as Array<[string, number, boolean]>)
      : []),
  ];
  if (y + rows.length * 18 + 20 > A4.height - MARGIN - 40) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  const labelX = MARGIN + contentWidth * 0.3;
  for (const [label, value, strong] of rows) {
    put(label, labelX, y, {
      width: contentWidth * 0.5,
      bold: strong,
      color: strong ? INK : MUTED,
      align: 'right',
    });
    put(fmt(value), MARGIN + contentWidth * 0.8, y, {
      width: contentWidth * 0.2 - 4,
      bold: strong,
      align: 'right',
      size: strong ? 11 : 9.5,
    });
    y += strong ? 20 : 16;
  }

  if (invoice.notes) {
    y += 16;
    if (y > A4.height - MARGIN - 80) {
      doc.addPage();
      y = MARGIN;
    }
    y += put(L.notes!.toUpperCase(), MARGIN, y, { size: 8, bold: true, color: MUTED });
    put(invoice.notes, MARGIN, y + 2, { width: contentWidth });
  }

  // Footer on every page: the number and the page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: lift it so writing there does not start a new page.
    doc.page.margins.bottom = 0;
    const number = invoice.invoiceNumber ?? L.draft;
    const pageOf = `${L.page} ${i + 1} / ${range.count}`;
    const footer = rtl ? `${pageOf} · ${number}` : `${number} · ${pageOf}`;
    put(footer, MARGIN, A4.height - MARGIN + 8, {
      size: 8,
      color: MUTED,
      width: contentWidth,
      align: 'center',
    });
  }
  doc.end();
  return done;
}

/**
 * A party's postal address as printed, one line each: the street, the postal code and city, the
 * region, and the country's name in the document's language (its ISO code if the name is unknown).
 */
export function partyAddressLines(p: Invoice['from'], locale: string): string[] {
  let country = p.country;
  if (country) {
    try {
      country = new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
    } catch {
      // An unknown code prints as it is.
    }
  }
  return [p.address, [p.postalCode, p.city].filter(Boolean).join(' '), p.region, country].filter(
    Boolean,
  );
}
