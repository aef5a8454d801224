import type { ErrorEntry } from './entry.ts';

/** Mailboxes and stored e-mail (issue 34). */
export const mailErrors = {
  MAILBOX_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到這個信箱',
    'zh-CN': '找不到这个邮箱',
    'en-US': 'This mailbox was not found',
  },
  MAILBOX_EXISTS: {
    status: 409,
    'zh-TW': '這個信箱已經連結',
    'zh-CN': '这个邮箱已经连接',
    'en-US': 'This mailbox is already connected',
  },
  MAILBOX_CONNECT_FAILED: {
    status: 400,
    'zh-TW': '無法連上信箱：請檢查主機、連接埠、使用者名稱與應用程式密碼',
    'zh-CN': '无法连上邮箱：请检查主机、端口、用户名与应用专用密码',
    'en-US': 'Could not sign in to the mailbox: check the host, port, user name and app password',
  },
  MAIL_TEMPLATE_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到這個範本',
    'zh-CN': '找不到这个模板',
    'en-US': 'This template was not found',
  },
  MAILBOX_PROVIDER_NOT_CONFIGURED: {
    status: 409,
    'zh-TW': '這台伺服器尚未設定這個信箱服務，請洽管理員',
    'zh-CN': '这台服务器尚未设置这个邮箱服务，请联系管理员',
    'en-US': 'This mail service is not set up on this server yet; ask your administrator',
  },
  MAILBOX_SEND_FAILED: {
    status: 502,
    'zh-TW': '寄件伺服器拒絕了這封信，請稍後再試或檢查信箱設定',
    'zh-CN': '发件服务器拒绝了这封信，请稍后再试或检查邮箱设置',
    'en-US': 'The outgoing mail server refused the message; try again later or check the mailbox settings',
  },
  NO_MAILBOX: {
    status: 409,
    'zh-TW': '請先在「帳號 → 信箱」連結你的信箱',
    'zh-CN': '请先在「账号 → 邮箱」连接你的邮箱',
    'en-US': 'Connect your mailbox first (Account → Mailboxes)',
  },
  EMAIL_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到這封郵件',
    'zh-CN': '找不到这封邮件',
    'en-US': 'This e-mail was not found',
  },
  EMAIL_ATTACHMENT_GONE: {
    status: 404,
    'zh-TW': '信箱裡已找不到這個附件（郵件可能已被刪除或搬移）',
    'zh-CN': '邮箱里已找不到这个附件（邮件可能已被删除或移动）',
    'en-US': 'The attachment is no longer in the mailbox (the message may have been deleted or moved)',
  },
  EMAIL_ATTACHMENT_SIGN_IN: {
    status: 409,
    'zh-TW': '信箱登入被拒，請信箱擁有者重新連結後再開啟附件',
    'zh-CN': '邮箱登录被拒，请邮箱所有者重新连接后再打开附件',
    'en-US': "The mailbox refused the sign-in; its owner must reconnect it before the attachment can be opened",
  },
  EMAIL_ATTACHMENT_UNREACHABLE: {
    status: 409,
    'zh-TW': '目前連不上信箱服務，請稍後再開啟附件',
    'zh-CN': '目前连不上邮箱服务，请稍后再打开附件',
    'en-US': 'The mail service cannot be reached right now; try opening the attachment later',
  },
  EMAIL_ATTACHMENT_TOO_LARGE: {
    status: 413,
    'zh-TW': '附件超過 25 MB，無法存到紀錄，請直接從郵件開啟',
    'zh-CN': '附件超过 25 MB，无法存到记录，请直接从邮件打开',
    'en-US': 'The attachment is over 25 MB and cannot be saved to the record; open it from the e-mail instead',
  },
  EMAIL_NOT_ON_RECORD: {
    status: 400,
    'zh-TW': '這封郵件不在這筆紀錄上',
    'zh-CN': '这封邮件不在这条记录上',
    'en-US': 'This e-mail is not on that record',
  },
} as const satisfies Record<string, ErrorEntry>;
