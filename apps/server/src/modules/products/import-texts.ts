/**
 * The words of a product import, in the web's five languages: the fields' headers (an import
 * recognises any of them, and the raw field names the product export writes) and the messages
 * of refused rows. See docs/decisions/048.
 */
import type { ImportLang as Lang } from '../../lib/imports.js';
import type { ProductImportField } from '@bo/contract/products-transfer-paths';

export const PRODUCT_HEADERS: Record<Lang, Record<ProductImportField, string>> = {
  en: {
    name: 'Name',
    sku: 'SKU',
    code: 'Product code',
    category: 'Category',
    price: 'Price',
    priceSale: 'Sale price',
    quantity: 'Quantity',
    published: 'Published',
  },
  fr: {
    name: 'Nom',
    sku: 'UGS',
    code: 'Code produit',
    category: 'Catégorie',
    price: 'Prix',
    priceSale: 'Prix soldé',
    quantity: 'Quantité',
    published: 'Publié',
  },
  vi: {
    name: 'Tên',
    sku: 'Mã SKU',
    code: 'Mã sản phẩm',
    category: 'Danh mục',
    price: 'Giá',
    priceSale: 'Giá khuyến mãi',
    quantity: 'Số lượng',
    published: 'Đã xuất bản',
  },
  cn: {
    name: '名称',
    sku: '库存单位',
    code: '产品代码',
    category: '类别',
    price: '价格',
    priceSale: '促销价',
    quantity: '数量',
    published: '已发布',
  },
  ar: {
    name: 'الاسم',
    sku: 'رمز SKU',
    code: 'رمز المنتج',
    category: 'الفئة',
    price: 'السعر',
    priceSale: 'سعر التخفيض',
    quantity: 'الكمية',
    published: 'منشور',
  },
};

/** Other usual names of the fields (in English), besides their key and the five headers. */
export const PRODUCT_ALIASES: Partial<Record<ProductImportField, string[]>> = {
  name: ['product', 'product name', 'title'],
  code: ['code'],
  price: ['regular price'],
  priceSale: ['sale', 'price sale'],
  quantity: ['qty', 'stock'],
  published: ['publish', 'visible'],
};

export type ProductRowErrorCode =
  | 'required'
  | 'too_long'
  | 'invalid_value'
  | 'sale_not_below_price'
  | 'duplicate_in_file'
  | 'taken'
  | 'refused';

type Params = Record<string, unknown>;

export const PRODUCT_ROW_MESSAGES: Record<
  Lang,
  Record<ProductRowErrorCode, (p: Params) => string>
> = {
  en: {
    required: () => 'This field is required',
    too_long: (p) => `At most ${String(p.maximum)} characters`,
    invalid_value: (p) =>
      p.values ? `Not one of: ${String(p.values)}` : 'This value is not valid',
    sale_not_below_price: () => 'The sale price must be below the price',
    duplicate_in_file: (p) => `This SKU is already on row ${String(p.row)}`,
    taken: () => 'This value is already used by another product',
    refused: (p) => `Refused: ${String(p.reason)}`,
  },
  fr: {
    required: () => 'Ce champ est obligatoire',
    too_long: (p) => `${String(p.maximum)} caractères au plus`,
    invalid_value: (p) =>
      p.values ? `Valeurs possibles : ${String(p.values)}` : 'Cette valeur n’est pas valide',
    sale_not_below_price: () => 'Le prix soldé doit être inférieur au prix',
    duplicate_in_file: (p) => `Cette UGS figure déjà à la ligne ${String(p.row)}`,
    taken: () => 'Cette valeur est déjà utilisée par un autre produit',
    refused: (p) => `Refusé : ${String(p.reason)}`,
  },
  vi: {
    required: () => 'Trường này là bắt buộc',
    too_long: (p) => `Tối đa ${String(p.maximum)} ký tự`,
    invalid_value: (p) => (p.values ? `Không thuộc: ${String(p.values)}` : 'Giá trị không hợp lệ'),
    sale_not_below_price: () => 'Giá khuyến mãi phải thấp hơn giá',
    duplicate_in_file: (p) => `Mã SKU này đã có ở dòng ${String(p.row)}`,
    taken: () => 'Giá trị này đã được sản phẩm khác sử dụng',
    refused: (p) => `Bị từ chối: ${String(p.reason)}`,
  },
  cn: {
    required: () => '此字段为必填项',
    too_long: (p) => `最多 ${String(p.maximum)} 个字符`,
    invalid_value: (p) => (p.values ? `必须是以下之一：${String(p.values)}` : '此值无效'),
    sale_not_below_price: () => '促销价必须低于价格',
    duplicate_in_file: (p) => `此库存单位已在第 ${String(p.row)} 行出现`,
    taken: () => '此值已被其他产品使用',
    refused: (p) => `已拒绝：${String(p.reason)}`,
  },
  ar: {
    required: () => 'هذا الحقل مطلوب',
    too_long: (p) => `${String(p.maximum)} حرفًا على الأكثر`,
    invalid_value: (p) =>
      p.values ? `ليست من القيم: ${String(p.values)}` : 'هذه القيمة غير صالحة',
    sale_not_below_price: () => 'يجب أن يكون سعر التخفيض أقل من السعر',
    duplicate_in_file: (p) => `رمز SKU هذا موجود بالفعل في السطر ${String(p.row)}`,
    taken: () => 'هذه القيمة مستخدمة بالفعل لمنتج آخر',
    refused: (p) => `مرفوض: ${String(p.reason)}`,
  },
};

export const productRowMessage = (lang: Lang, code: ProductRowErrorCode, params: Params = {}) =>
  PRODUCT_ROW_MESSAGES[lang][code](params);
