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
} as const satisfies Record<string, ErrorEntry>;
