import { locales, type Locale } from './locale.ts';

import { accessErrors } from './error-catalog/access.ts';
import { automationErrors } from './error-catalog/automation.ts';
import { billingErrors } from './error-catalog/billing.ts';
import { calendarErrors } from './error-catalog/calendar.ts';
import { channelsErrors } from './error-catalog/channels.ts';
import { generalErrors } from './error-catalog/general.ts';
import { mailErrors } from './error-catalog/mail.ts';
import { recordsErrors } from './error-catalog/records.ts';

/**
 * The one error vocabulary. The server throws AppError(code). Each use case keeps its codes in
 * `error-catalog/<area>.ts`, every code with its status and its message in every locale (the entry type
 * makes a missing one fail the build); the tables below are derived from them.
 */
const catalog = { ...generalErrors, ...accessErrors, ...billingErrors, ...recordsErrors, ...calendarErrors, ...channelsErrors, ...mailErrors, ...automationErrors };

export type ErrorCode = keyof typeof catalog;
export const errorCodes = Object.keys(catalog) as ErrorCode[];

export const errorStatus = Object.fromEntries(errorCodes.map((code) => [code, catalog[code].status])) as Record<ErrorCode, number>;

/** errorMessage texts; `{field}` and `{seconds}` are filled from the error's params. */
export const errorMessages = Object.fromEntries(
  locales.map((locale) => [locale, Object.fromEntries(errorCodes.map((code) => [code, catalog[code][locale]]))]),
) as Record<Locale, Record<ErrorCode, string>>;

/** Localized reasons for a validation failure on one field (the {reason} of VALIDATION_FAILED). */
export const validationReasons = ['required', 'invalidEmail', 'invalidDate', 'tooShort', 'tooLong', 'invalidValue', 'invalidTaxId', 'invalidUrl', 'invalidCharacters', 'taxIdTaken', 'notFound', 'privateAddress', 'invalidMobileBarcode', 'invalidCitizenCertificate', 'invalidDonationCode'] as const;
export type ValidationReason = (typeof validationReasons)[number];

export const validationReasonMessages: Record<Locale, Record<ValidationReason, string>> = {
  'zh-TW': {
    required: '此欄位為必填',
    invalidEmail: '無效的電子郵件地址',
    invalidDate: '日期格式錯誤',
    tooShort: '內容太短',
    tooLong: '內容太長',
    invalidValue: '格式不正確',
    invalidTaxId: '統一編號不正確',
    invalidUrl: '網址格式不正確',
    invalidCharacters: '含有無法儲存的字元（例如控制字元）',
    taxIdTaken: '此統一編號已存在',
    notFound: '找不到這個名稱',
    privateAddress: '不可指向內部網路、本機或雲端中繼資料位址',
    invalidMobileBarcode: '手機條碼格式為「/」加 7 碼英數字或 .+-',
    invalidCitizenCertificate: '自然人憑證條碼為 2 個英文字母加 14 個數字',
    invalidDonationCode: '愛心碼為 3 到 7 位數字',
  },
  'zh-CN': {
    required: '此字段为必填',
    invalidEmail: '无效的电子邮件地址',
    invalidDate: '日期格式错误',
    tooShort: '内容太短',
    tooLong: '内容太长',
    invalidValue: '格式不正确',
    invalidTaxId: '统一编号不正确',
    invalidUrl: '网址格式不正确',
    invalidCharacters: '含有无法存储的字符（例如控制字符）',
    taxIdTaken: '此统一编号已存在',
    notFound: '找不到这个名称',
    privateAddress: '不可指向内部网络、本机或云端元数据地址',
    invalidMobileBarcode: '手机条码格式为「/」加 7 码英数字或 .+-',
    invalidCitizenCertificate: '自然人凭证条码为 2 个英文字母加 14 个数字',
    invalidDonationCode: '爱心码为 3 到 7 位数字',
  },
  'en-US': {
    required: 'This field is required',
    invalidEmail: 'Invalid email address',
    invalidDate: 'Incorrect Date Format',
    tooShort: 'Too short',
    tooLong: 'Too long',
    invalidValue: 'Invalid value',
    invalidTaxId: 'Invalid tax ID',
    invalidUrl: 'Invalid web address',
    invalidCharacters: 'Contains characters that cannot be stored (such as control characters)',
    taxIdTaken: 'This tax ID already exists',
    notFound: 'Nothing with this name was found',
    privateAddress: 'Must not point to a private, loopback, link-local or metadata address',
    invalidMobileBarcode: 'A mobile barcode is "/" and 7 characters (0-9, A-Z, . + -)',
    invalidCitizenCertificate: 'A citizen certificate code is 2 letters and 14 digits',
    invalidDonationCode: 'A donation code is 3 to 7 digits',
  },
};

export function formatErrorMessage(locale: Locale, code: ErrorCode, params: Record<string, string | number> = {}): string {
  return errorMessages[locale][code].replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** One field-level problem in a 400 answer's `details`. */
export interface FieldError {
  field: string;
  reason: ValidationReason;
  message: string;
  /** The title the user knows the field by, when the path cannot say it (a custom field's title). */
  label?: string;
}

/** The product's envelope (section 7) plus a stable errorCode. */
export type ApiEnvelope<T> =
  | { result: 'success'; data: T; errorMessage: null; errorCode: null }
  | { result: 'fail'; data: null; errorMessage: string; errorCode: ErrorCode; details?: FieldError[] };
