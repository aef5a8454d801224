import type { Locale } from './locale.ts';

/**
 * The one error vocabulary. The server throws AppError(code); the status table and the
 * messages below are exhaustive over ErrorCode, so a new code without a mapping fails the build.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'BODY_TOO_LARGE',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ORG_FROZEN',
  'RATE_LIMITED',
  'INTERNAL',
  'AUTH_INVALID_CREDENTIALS',
  'AUTH_TOO_MANY_ATTEMPTS',
  'AUTH_EMAIL_TAKEN',
  'AUTH_WEAK_PASSWORD',
  'AUTH_PASSWORD_MISMATCH',
  'AUTH_CURRENT_PASSWORD_WRONG',
  'AUTH_CODE_INVALID',
  'ORG_NOT_FOUND',
  'ORG_NOT_MEMBER',
  'ORG_TOP_ADMIN_ONLY',
  'ORG_TEAM_PLAN_REQUIRED',
  'ORG_INVALID_MEMBER_EMAIL',
  'TAX_ID_EXISTS',
  'PLAN_LIMIT_REACHED',
  'STAGE_IN_USE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus = {
  VALIDATION_FAILED: 400,
  BODY_TOO_LARGE: 413,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ORG_FROZEN: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  AUTH_INVALID_CREDENTIALS: 400,
  AUTH_TOO_MANY_ATTEMPTS: 429,
  AUTH_EMAIL_TAKEN: 409,
  AUTH_WEAK_PASSWORD: 400,
  AUTH_PASSWORD_MISMATCH: 400,
  AUTH_CURRENT_PASSWORD_WRONG: 400,
  AUTH_CODE_INVALID: 400,
  ORG_NOT_FOUND: 404,
  ORG_NOT_MEMBER: 403,
  ORG_TOP_ADMIN_ONLY: 403,
  ORG_TEAM_PLAN_REQUIRED: 403,
  ORG_INVALID_MEMBER_EMAIL: 400,
  TAX_ID_EXISTS: 409,
  PLAN_LIMIT_REACHED: 403,
  STAGE_IN_USE: 409,
} as const satisfies Record<ErrorCode, number>;

type Messages = Record<ErrorCode, string>;

/** errorMessage texts; `{field}` and `{seconds}` are filled from the error's params. */
export const errorMessages: Record<Locale, Messages> = {
  'zh-TW': {
    VALIDATION_FAILED: '欄位「{field}」：{reason}',
    BODY_TOO_LARGE: '上傳的內容過大',
    NOT_FOUND: '找不到資料',
    ROUTE_NOT_FOUND: '找不到此功能',
    UNAUTHENTICATED: '請重新登入',
    FORBIDDEN: '您沒有權限執行此操作',
    ORG_FROZEN: '此工作區已凍結',
    RATE_LIMITED: '請稍後再試',
    INTERNAL: '請稍後再試',
    AUTH_INVALID_CREDENTIALS: '電子郵件或密碼錯誤',
    AUTH_TOO_MANY_ATTEMPTS: '嘗試次數過多，請於 {seconds} 秒後再試',
    AUTH_EMAIL_TAKEN: '此電子郵件已註冊',
    AUTH_WEAK_PASSWORD: '密碼至少 8 個字元，並混合字母、數字或特殊符號中的至少兩種，且不可過於簡單',
    AUTH_PASSWORD_MISMATCH: '兩次輸入的密碼不一致',
    AUTH_CURRENT_PASSWORD_WRONG: '目前的密碼不正確',
    AUTH_CODE_INVALID: '驗證碼錯誤或已過期',
    ORG_NOT_FOUND: '找不到此工作區',
    ORG_NOT_MEMBER: '您不是此工作區的成員',
    ORG_TOP_ADMIN_ONLY: '只有最高管理員可以執行此操作',
    ORG_TEAM_PLAN_REQUIRED: '邀請成員需要團隊方案，請升級',
    ORG_INVALID_MEMBER_EMAIL: '無效的電子郵件地址：{field}',
    TAX_ID_EXISTS: '此統一編號已存在',
    PLAN_LIMIT_REACHED: '請升級至專業版',
    STAGE_IN_USE: '仍有商機使用此階段，請先移動這些商機',
  },
  'zh-CN': {
    VALIDATION_FAILED: '字段“{field}”：{reason}',
    BODY_TOO_LARGE: '上传的内容过大',
    NOT_FOUND: '找不到数据',
    ROUTE_NOT_FOUND: '找不到此功能',
    UNAUTHENTICATED: '请重新登录',
    FORBIDDEN: '您没有权限执行此操作',
    ORG_FROZEN: '此工作区已冻结',
    RATE_LIMITED: '请稍后再试',
    INTERNAL: '请稍后再试',
    AUTH_INVALID_CREDENTIALS: '电子邮件或密码错误',
    AUTH_TOO_MANY_ATTEMPTS: '尝试次数过多，请于 {seconds} 秒后再试',
    AUTH_EMAIL_TAKEN: '此电子邮件已注册',
    AUTH_WEAK_PASSWORD: '密码至少 8 个字符，并混合字母、数字或特殊符号中的至少两种，且不可过于简单',
    AUTH_PASSWORD_MISMATCH: '两次输入的密码不一致',
    AUTH_CURRENT_PASSWORD_WRONG: '当前密码不正确',
    AUTH_CODE_INVALID: '验证码错误或已过期',
    ORG_NOT_FOUND: '找不到此工作区',
    ORG_NOT_MEMBER: '您不是此工作区的成员',
    ORG_TOP_ADMIN_ONLY: '只有最高管理员可以执行此操作',
    ORG_TEAM_PLAN_REQUIRED: '邀请成员需要团队方案，请升级',
    ORG_INVALID_MEMBER_EMAIL: '无效的电子邮件地址：{field}',
    TAX_ID_EXISTS: '此税号已存在',
    PLAN_LIMIT_REACHED: '请升级到专业版',
    STAGE_IN_USE: '仍有商机使用此阶段，请先移动这些商机',
  },
  'en-US': {
    VALIDATION_FAILED: 'Field "{field}": {reason}',
    BODY_TOO_LARGE: 'The upload is too large',
    NOT_FOUND: 'Not found',
    ROUTE_NOT_FOUND: 'No such endpoint',
    UNAUTHENTICATED: 'Please log in again',
    FORBIDDEN: 'You are not allowed to do this',
    ORG_FROZEN: 'This workspace is frozen',
    RATE_LIMITED: 'Please try again later',
    INTERNAL: 'Please try again later',
    AUTH_INVALID_CREDENTIALS: 'Wrong email or password',
    AUTH_TOO_MANY_ATTEMPTS: 'Too many attempts, please try again in {seconds} seconds',
    AUTH_EMAIL_TAKEN: 'This email is already registered',
    AUTH_WEAK_PASSWORD:
      'The password needs at least 8 characters mixing at least two of letters, numbers and symbols, and must not be a common password',
    AUTH_PASSWORD_MISMATCH: 'The passwords do not match',
    AUTH_CURRENT_PASSWORD_WRONG: 'The current password is wrong',
    AUTH_CODE_INVALID: 'The code is wrong or has expired',
    ORG_NOT_FOUND: 'Workspace not found',
    ORG_NOT_MEMBER: 'You are not a member of this workspace',
    ORG_TOP_ADMIN_ONLY: 'Only the top administrator can do this',
    ORG_TEAM_PLAN_REQUIRED: 'Inviting members needs the Team plan, please upgrade',
    ORG_INVALID_MEMBER_EMAIL: 'Invalid email address: {field}',
    TAX_ID_EXISTS: 'This tax ID already exists',
    PLAN_LIMIT_REACHED: 'Please upgrade to the Pro version',
    STAGE_IN_USE: 'Deals still use this stage; move them first',
  },
};

/** Localized reasons for a validation failure on one field (the {reason} of VALIDATION_FAILED). */
export const validationReasons = ['required', 'invalidEmail', 'invalidDate', 'tooShort', 'tooLong', 'invalidValue'] as const;
export type ValidationReason = (typeof validationReasons)[number];

export const validationReasonMessages: Record<Locale, Record<ValidationReason, string>> = {
  'zh-TW': {
    required: '此欄位為必填',
    invalidEmail: '無效的電子郵件地址',
    invalidDate: '日期格式錯誤',
    tooShort: '內容太短',
    tooLong: '內容太長',
    invalidValue: '格式不正確',
  },
  'zh-CN': {
    required: '此字段为必填',
    invalidEmail: '无效的电子邮件地址',
    invalidDate: '日期格式错误',
    tooShort: '内容太短',
    tooLong: '内容太长',
    invalidValue: '格式不正确',
  },
  'en-US': {
    required: 'This field is required',
    invalidEmail: 'Invalid email address',
    invalidDate: 'Incorrect Date Format',
    tooShort: 'Too short',
    tooLong: 'Too long',
    invalidValue: 'Invalid value',
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
}

/** The spec's envelope (section 7) plus a stable errorCode. */
export type ApiEnvelope<T> =
  | { result: 'success'; data: T; errorMessage: null; errorCode: null }
  | { result: 'fail'; data: null; errorMessage: string; errorCode: ErrorCode; details?: FieldError[] };
