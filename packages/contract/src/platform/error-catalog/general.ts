import type { ErrorEntry } from './entry.ts';

/** Errors any endpoint may answer: validation, auth guard, frozen workspace, limits, server. */
export const generalErrors = {
  VALIDATION_FAILED: {
    status: 400,
    'zh-TW': '欄位「{field}」：{reason}',
    'zh-CN': '字段“{field}”：{reason}',
    'en-US': 'Field "{field}": {reason}',
  },
  BODY_TOO_LARGE: {
    status: 413,
    'zh-TW': '上傳的內容過大',
    'zh-CN': '上传的内容过大',
    'en-US': 'The upload is too large',
  },
  NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到資料',
    'zh-CN': '找不到数据',
    'en-US': 'Not found',
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此功能',
    'zh-CN': '找不到此功能',
    'en-US': 'No such endpoint',
  },
  UNAUTHENTICATED: {
    status: 401,
    'zh-TW': '請重新登入',
    'zh-CN': '请重新登录',
    'en-US': 'Please log in again',
  },
  FORBIDDEN: {
    status: 403,
    'zh-TW': '您沒有權限執行此操作',
    'zh-CN': '您没有权限执行此操作',
    'en-US': 'You are not allowed to do this',
  },
  ORG_FROZEN: {
    status: 423,
    'zh-TW': '此工作區已凍結',
    'zh-CN': '此工作区已冻结',
    'en-US': 'This workspace is frozen',
  },
  RATE_LIMITED: {
    status: 429,
    'zh-TW': '請稍後再試',
    'zh-CN': '请稍后再试',
    'en-US': 'Please try again later',
  },
  INTERNAL: {
    status: 500,
    'zh-TW': '請稍後再試',
    'zh-CN': '请稍后再试',
    'en-US': 'Please try again later',
  },
  PLAN_LIMIT_REACHED: {
    status: 403,
    'zh-TW': '請升級至專業版',
    'zh-CN': '请升级到专业版',
    'en-US': 'Please upgrade to the Pro version',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    'zh-TW': '這個 Idempotency-Key 已用於另一個請求（內容不同），請換一個新的金鑰',
    'zh-CN': '这个 Idempotency-Key 已用于另一个请求（内容不同），请换一个新的密钥',
    'en-US': 'This Idempotency-Key was already used for a different request; send a new key',
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    'zh-TW': '相同 Idempotency-Key 的請求仍在處理中，請稍後再試',
    'zh-CN': '相同 Idempotency-Key 的请求仍在处理中，请稍后再试',
    'en-US': 'A request with this Idempotency-Key is still being processed; try again shortly',
  },
} as const satisfies Record<string, ErrorEntry>;
