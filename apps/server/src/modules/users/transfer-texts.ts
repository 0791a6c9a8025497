/**
 * The words a people export and import write for a person, in the web's five languages: the
 * header of an export, and the messages of an import's refused rows. An import recognises a
 * header in any of them, so an export maps itself back whatever language it was written in.
 */
import type { UserExportColumn } from '@bo/contract/users-transfer';
import { headerKey, personLang, suggestFieldMapping, type ImportLang } from '../../lib/imports.js';

export type Lang = ImportLang;

export const USER_HEADERS: Record<Lang, Record<UserExportColumn, string>> = {
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone number',
    company: 'Company',
    jobTitle: 'Job title',
    role: 'Role',
    status: 'Status',
    country: 'Country',
    state: 'State/region',
    city: 'City',
    address: 'Address',
    zipCode: 'Zip/code',
    createdAt: 'Created',
  },
  fr: {
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    company: 'Entreprise',
    jobTitle: 'Poste',
    role: 'Rôle',
    status: 'Statut',
    country: 'Pays',
    state: 'État/région',
    city: 'Ville',
    address: 'Adresse',
    zipCode: 'Code postal',
    createdAt: 'Créé le',
  },
  vi: {
    firstName: 'Tên',
    lastName: 'Họ',
    email: 'Email',
    phone: 'Số điện thoại',
    company: 'Công ty',
    jobTitle: 'Chức danh',
    role: 'Vai trò',
    status: 'Trạng thái',
    country: 'Quốc gia',
    state: 'Tỉnh/vùng',
    city: 'Thành phố',
    address: 'Địa chỉ',
    zipCode: 'Mã bưu chính',
    createdAt: 'Ngày tạo',
  },
  cn: {
    firstName: '名',
    lastName: '姓',
    email: '电子邮件',
    phone: '电话号码',
    company: '公司',
    jobTitle: '职位',
    role: '角色',
    status: '状态',
    country: '国家',
    state: '州/地区',
    city: '城市',
    address: '地址',
    zipCode: '邮政编码',
    createdAt: '创建时间',
  },
  ar: {
    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    email: 'البريد الإلكتروني',
    phone: 'رقم الهاتف',
    company: 'الشركة',
    jobTitle: 'المسمى الوظيفي',
    role: 'الدور',
    status: 'الحالة',
    country: 'الدولة',
    state: 'الولاية/المنطقة',
    city: 'المدينة',
    address: 'العنوان',
    zipCode: 'الرمز البريدي',
    createdAt: 'تاريخ الإنشاء',
  },
};

/** The codes of a refused row; each has a message in every language. */
export type RowErrorCode =
  | 'required'
  | 'too_long'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_value'
  | 'role_unknown'
  | 'duplicate_in_file'
  | 'email_taken'
  | 'last_admin'
  | 'too_many_rows'
  | 'refused';

type Params = Record<string, unknown>;

export const ROW_MESSAGES: Record<Lang, Record<RowErrorCode, (p: Params) => string>> = {
  en: {
    required: () => 'This field is required',
    too_long: (p) => `At most ${String(p.maximum)} characters`,
    invalid_email: () => 'This is not a valid email address',
    invalid_phone: () => 'This is not a valid phone number',
    invalid_value: (p) => `Not one of: ${String(p.values)}`,
    role_unknown: (p) => `Unknown role: ${String(p.value)}`,
    duplicate_in_file: (p) => `This email is already on row ${String(p.row)}`,
    email_taken: () => 'This email is already in use',
    last_admin: () => 'This would leave no administrator',
    too_many_rows: (p) => `An import reads at most ${String(p.maximum)} rows`,
    refused: (p) => `Refused: ${String(p.reason)}`,
  },
  fr: {
    required: () => 'Ce champ est obligatoire',
    too_long: (p) => `${String(p.maximum)} caractères au plus`,
    invalid_email: () => 'Ce n’est pas une adresse e-mail valide',
    invalid_phone: () => 'Ce n’est pas un numéro de téléphone valide',
    invalid_value: (p) => `Valeurs possibles : ${String(p.values)}`,
    role_unknown: (p) => `Rôle inconnu : ${String(p.value)}`,
    duplicate_in_file: (p) => `Cet e-mail figure déjà à la ligne ${String(p.row)}`,
    email_taken: () => 'Cet e-mail est déjà utilisé',
    last_admin: () => 'Il ne resterait aucun administrateur',
    too_many_rows: (p) => `Une importation lit ${String(p.maximum)} lignes au plus`,
    refused: (p) => `Refusé : ${String(p.reason)}`,
  },
  vi: {
    required: () => 'Trường này là bắt buộc',
    too_long: (p) => `Tối đa ${String(p.maximum)} ký tự`,
    invalid_email: () => 'Địa chỉ email không hợp lệ',
    invalid_phone: () => 'Số điện thoại không hợp lệ',
    invalid_value: (p) => `Không thuộc: ${String(p.values)}`,
    role_unknown: (p) => `Vai trò không tồn tại: ${String(p.value)}`,
    duplicate_in_file: (p) => `Email này đã có ở dòng ${String(p.row)}`,
    email_taken: () => 'Email này đã được sử dụng',
    last_admin: () => 'Sẽ không còn quản trị viên nào',
    too_many_rows: (p) => `Mỗi lần nhập đọc tối đa ${String(p.maximum)} dòng`,
    refused: (p) => `Bị từ chối: ${String(p.reason)}`,
  },
  cn: {
    required: () => '此字段为必填项',
    too_long: (p) => `最多 ${String(p.maximum)} 个字符`,
    invalid_email: () => '电子邮件地址无效',
    invalid_phone: () => '电话号码无效',
    invalid_value: (p) => `必须是以下之一：${String(p.values)}`,
    role_unknown: (p) => `未知角色：${String(p.value)}`,
    duplicate_in_file: (p) => `此电子邮件已在第 ${String(p.row)} 行出现`,
    email_taken: () => '此电子邮件已被使用',
    last_admin: () => '这将导致没有管理员',
    too_many_rows: (p) => `一次导入最多读取 ${String(p.maximum)} 行`,
    refused: (p) => `已拒绝：${String(p.reason)}`,
  },
  ar: {
    required: () => 'هذا الحقل مطلوب',
    too_long: (p) => `${String(p.maximum)} حرفًا على الأكثر`,
    invalid_email: () => 'عنوان البريد الإلكتروني غير صالح',
    invalid_phone: () => 'رقم الهاتف غير صالح',
    invalid_value: (p) => `ليست من القيم: ${String(p.values)}`,
    role_unknown: (p) => `دور غير معروف: ${String(p.value)}`,
    duplicate_in_file: (p) => `هذا البريد موجود بالفعل في السطر ${String(p.row)}`,
    email_taken: () => 'هذا البريد الإلكتروني مستخدم بالفعل',
    last_admin: () => 'لن يبقى أي مسؤول',
    too_many_rows: (p) => `يقرأ الاستيراد ${String(p.maximum)} سطرًا على الأكثر`,
    refused: (p) => `مرفوض: ${String(p.reason)}`,
  },
};

export const rowMessage = (lang: Lang, code: RowErrorCode, params: Params = {}) =>
  ROW_MESSAGES[lang][code](params);

export { personLang };

export { headerKey };

/** Other usual names of the fields (in English), besides their key and the five headers. */
const ALIASES: Partial<Record<UserExportColumn, string[]>> = {
  firstName: ['first', 'given name', 'forename'],
  lastName: ['last', 'surname', 'family name'],
  email: ['e-mail', 'mail', 'email address'],
  phone: ['phone', 'telephone', 'mobile'],
  company: ['organisation', 'organization'],
  jobTitle: ['title', 'position'],
  zipCode: ['zip', 'postcode', 'postal code'],
  state: ['region', 'province'],
};

/** The field each file column's header names, by any of its names in any language. */
export const suggestMapping = <F extends UserExportColumn>(
  fields: readonly F[],
  columns: readonly string[],
): Record<F, string | null> =>
  suggestFieldMapping(fields, columns, (field) => [
    ...(ALIASES[field] ?? []),
    ...Object.values(USER_HEADERS).map((h) => h[field]),
  ]);
