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
} as const satisfies Record<string, ErrorEntry>;
