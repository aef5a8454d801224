import type { ErrorEntry } from './entry.ts';

/** Workflows (docs/product.md#workflows). */
export const automationErrors = {
  WORKFLOW_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此自動化流程',
    'zh-CN': '找不到此自动化流程',
    'en-US': 'Workflow not found',
  },
  WORKFLOW_RUN_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此執行紀錄',
    'zh-CN': '找不到此执行记录',
    'en-US': 'Workflow run not found',
  },
  WORKFLOW_LIMIT_REACHED: {
    status: 409,
    'zh-TW': '啟用中的自動化流程已達上限',
    'zh-CN': '启用中的自动化流程已达上限',
    'en-US': 'The workspace has reached its limit of active workflows',
  },
  WORKFLOW_HOOK_HEADER_MISSING: {
    status: 400,
    'zh-TW': '缺少標頭 {header}（請依 Standard Webhooks 簽章）',
    'zh-CN': '缺少标头 {header}（请依 Standard Webhooks 签名）',
    'en-US': 'The {header} header is missing (sign as Standard Webhooks)',
  },
  WORKFLOW_HOOK_TIMESTAMP_INVALID: {
    status: 400,
    'zh-TW': 'webhook-timestamp 與伺服器時間相差超過 {seconds} 秒，請以目前時間重新簽章',
    'zh-CN': 'webhook-timestamp 与服务器时间相差超过 {seconds} 秒，请以当前时间重新签名',
    'en-US': 'webhook-timestamp is more than {seconds} seconds from the server time: sign again with the current time',
  },
  WORKFLOW_HOOK_SIGNATURE_INVALID: {
    status: 401,
    'zh-TW': '簽章不符：請以此流程的密鑰對「webhook-id.webhook-timestamp.內容」簽章',
    'zh-CN': '签名不符：请以此流程的密钥对“webhook-id.webhook-timestamp.内容”签名',
    'en-US': 'The signature does not match: sign "webhook-id.webhook-timestamp.body" with this workflow\'s secret',
  },
  WORKFLOW_HOOK_BODY_INVALID: {
    status: 400,
    'zh-TW': '內容必須是 JSON',
    'zh-CN': '内容必须是 JSON',
    'en-US': 'The body must be JSON',
  },
  WORKFLOW_HOOK_OFF: {
    status: 409,
    'zh-TW': '此自動化流程未啟用，未執行',
    'zh-CN': '此自动化流程未启用，未执行',
    'en-US': 'This workflow is switched off: nothing was run',
  },
  WORKFLOW_HOOK_NO_SECRET: {
    status: 409,
    'zh-TW': '此流程尚未產生簽章密鑰，請在流程設定中產生',
    'zh-CN': '此流程尚未产生签名密钥，请在流程设置中产生',
    'en-US': 'This workflow has no signing secret yet: make one in its settings',
  },
} as const satisfies Record<string, ErrorEntry>;
