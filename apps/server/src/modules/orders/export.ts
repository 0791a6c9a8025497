import { orderExportQuerySchema, type OrderSummary } from '@bo/contract/orders';
import type { ExportColumn } from '../../lib/export-writer.js';
import type { MailLang } from '../../lib/account-mails.js';
import type { ExportSource } from '../../lib/exports.js';
import { orderExportPages } from './queries.js';

/** The columns of an orders export, in their order. */
export const ORDER_EXPORT_COLUMNS = [
  'number',
  'createdAt',
  'status',
  'customerName',
  'customerEmail',
  'itemsCount',
  'subtotal',
  'discount',
  'shipping',
  'taxes',
  'total',
  'delivery',
  'payment',
  'discountCode',
] as const satisfies ReadonlyArray<keyof OrderSummary>;
type Column = (typeof ORDER_EXPORT_COLUMNS)[number];

/** The header of each column in the reader's language (the web's five). */
const HEADERS: Record<MailLang, Record<Column, string>> = {
  en: {
    number: 'Order',
    createdAt: 'Date',
    status: 'Status',
    customerName: 'Customer',
    customerEmail: 'Email',
    itemsCount: 'Items',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    taxes: 'Taxes',
    total: 'Total',
    delivery: 'Delivery',
    payment: 'Payment',
    discountCode: 'Discount code',
  },
  fr: {
    number: 'Commande',
    createdAt: 'Date',
    status: 'Statut',
    customerName: 'Client',
    customerEmail: 'E-mail',
    itemsCount: 'Articles',
    subtotal: 'Sous-total',
    discount: 'Remise',
    shipping: 'Livraison',
    taxes: 'Taxes',
    total: 'Total',
    delivery: 'Mode de livraison',
    payment: 'Paiement',
    discountCode: 'Code de réduction',
  },
  vi: {
    number: 'Đơn hàng',
    createdAt: 'Ngày',
    status: 'Trạng thái',
    customerName: 'Khách hàng',
    customerEmail: 'Email',
    itemsCount: 'Số sản phẩm',
    subtotal: 'Tạm tính',
    discount: 'Giảm giá',
    shipping: 'Phí vận chuyển',
    taxes: 'Thuế',
    total: 'Tổng cộng',
    delivery: 'Giao hàng',
    payment: 'Thanh toán',
    discountCode: 'Mã giảm giá',
  },
  cn: {
    number: '订单',
    createdAt: '日期',
    status: '状态',
    customerName: '客户',
    customerEmail: '电子邮件',
    itemsCount: '商品数',
    subtotal: '小计',
    discount: '折扣',
    shipping: '运费',
    taxes: '税费',
    total: '总计',
    delivery: '配送方式',
    payment: '支付方式',
    discountCode: '优惠码',
  },
  ar: {
    number: 'الطلب',
    createdAt: 'التاريخ',
    status: 'الحالة',
    customerName: 'العميل',
    customerEmail: 'البريد الإلكتروني',
    itemsCount: 'عدد المنتجات',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    shipping: 'الشحن',
    taxes: 'الضرائب',
    total: 'الإجمالي',
    delivery: 'التوصيل',
    payment: 'الدفع',
    discountCode: 'رمز الخصم',
  },
};

const MONEY = new Set<Column>(['subtotal', 'discount', 'shipping', 'taxes', 'total']);

/** The columns of an orders export with their headers in `lang`. */
export function orderExportColumns(lang: MailLang): ExportColumn[] {
  return ORDER_EXPORT_COLUMNS.map((key) => ({
    header: HEADERS[lang][key],
    width: key === 'customerEmail' || key === 'createdAt' ? 28 : 14,
    numFmt: MONEY.has(key) ? '0.00' : key === 'createdAt' ? 'yyyy-mm-dd hh:mm' : undefined,
  }));
}

/** One order as a CSV line's values: ISO time and amounts with a decimal point, whatever the language. */
export const orderCsvValues = (o: OrderSummary): unknown[] =>
  ORDER_EXPORT_COLUMNS.map((key) =>
    MONEY.has(key) ? (o[key] as number).toFixed(2) : (o[key] ?? ''),
  );

/** One order as a workbook row's values: the time a date, amounts numbers (a sheet sums them). */
export const orderSheetValues = (o: OrderSummary): unknown[] =>
  ORDER_EXPORT_COLUMNS.map((key) => (key === 'createdAt' ? new Date(o.createdAt) : (o[key] ?? '')));

/** No person: an export of one's own orders whose owner was deleted holds none. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** How the export job writes the orders (lib/exports.ts). */
export const ordersExportSource: ExportSource<OrderSummary> = {
  sheetName: 'Orders',
  auditAction: 'order.export',
  columns: orderExportColumns,
  pages: (db, row, pageSize, signal) =>
    orderExportPages(
      db,
      orderExportQuerySchema.parse(row.filter),
      row.scope === 'all' ? undefined : (row.ownerId ?? NOBODY),
      pageSize,
      signal,
    ),
  csvValues: orderCsvValues,
  sheetValues: orderSheetValues,
};
