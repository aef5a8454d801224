import type { ErrorEntry } from './entry.ts';

/** The LINE channel and business cards. */
export const channelsErrors = {
  CARD_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此名片',
    'zh-CN': '找不到此名片',
    'en-US': 'Business card not found',
  },
  APP_PASSWORD_LIMIT: {
    status: 409,
    'zh-TW': '每個工作區最多 20 組 App 密碼，請先撤銷不再使用的',
    'zh-CN': '每个工作区最多 20 组 App 密码，请先撤销不再使用的',
    'en-US': 'At most 20 app passwords per workspace; revoke one you no longer use first',
  },
  LINE_NOT_CONNECTED: {
    status: 409,
    'zh-TW': '尚未連結 LINE 官方帳號，請先在設定 → 頻道 → LINE 完成連結',
    'zh-CN': '尚未连接 LINE 官方账号，请先在设置 → 频道 → LINE 完成连接',
    'en-US': 'No LINE Official Account is connected yet; finish Settings → Channel → LINE first',
  },
  LINE_STEP_ORDER: {
    status: 409,
    'zh-TW': '請先完成前一個步驟',
    'zh-CN': '请先完成上一个步骤',
    'en-US': 'Finish the previous step first',
  },
  LINE_CREDENTIALS_INVALID: {
    status: 400,
    'zh-TW': 'LINE 不接受這組 Channel ID 與 Channel secret，請從 LINE Developers 的 Basic settings 重新複製',
    'zh-CN': 'LINE 不接受这组 Channel ID 与 Channel secret，请从 LINE Developers 的 Basic settings 重新复制',
    'en-US': 'LINE refused this channel ID and channel secret; copy them again from Basic settings in the LINE Developers console',
  },
  LINE_WEBHOOK_TEST_FAILED: {
    status: 400,
    'zh-TW': 'LINE 的 Webhook 測試沒有成功（{reason}），請確認伺服器網址可從網際網路連線',
    'zh-CN': 'LINE 的 Webhook 测试没有成功（{reason}），请确认服务器网址可从互联网连接',
    'en-US': "LINE's webhook test did not succeed ({reason}); make sure this server's address is reachable from the internet",
  },
  LINE_WEBHOOK_INACTIVE: {
    status: 400,
    'zh-TW': '「使用 Webhook」仍是關閉的：請在 LINE Developers 的 Messaging API 分頁開啟它',
    'zh-CN': '“使用 Webhook”仍是关闭的：请在 LINE Developers 的 Messaging API 页签开启它',
    'en-US': '"Use webhook" is still off: turn it on in the Messaging API tab of the LINE Developers console',
  },
  LINE_TEST_MESSAGE_MISSING: {
    status: 400,
    'zh-TW': '還沒收到訊息：請用手機加入官方帳號好友並傳一則訊息，再按一次檢查',
    'zh-CN': '还没收到消息：请用手机添加官方账号好友并发送一条消息，再点一次检查',
    'en-US': 'No message has arrived yet: add the official account as a friend on your phone, send a message, then check again',
  },
  LINE_SIGNATURE_INVALID: {
    status: 401,
    'zh-TW': '簽章不符',
    'zh-CN': '签名不符',
    'en-US': 'The signature does not match',
  },
  LINE_CONTACT_TAKEN: {
    status: 409,
    'zh-TW': '這位聯絡人已連結另一位 LINE 好友，請先解除連結',
    'zh-CN': '这位联系人已关联另一位 LINE 好友，请先解除关联',
    'en-US': 'This contact is already linked to another LINE friend; unlink it first',
  },
  LINE_CONVERSATION_NOT_YOURS: {
    status: 409,
    'zh-TW': '這個對話由{owner}負責，請先接手再回覆',
    'zh-CN': '这个对话由{owner}负责，请先接手再回复',
    'en-US': 'This conversation belongs to {owner}; take it over before replying',
  },
  LINE_CONVERSATION_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到這個 LINE 對話',
    'zh-CN': '找不到这个 LINE 对话',
    'en-US': 'This LINE conversation does not exist',
  },
  LINE_FRIEND_UNFOLLOWED: {
    status: 409,
    'zh-TW': '這位好友已封鎖或刪除官方帳號，無法傳送訊息',
    'zh-CN': '这位好友已屏蔽或删除官方账号，无法发送消息',
    'en-US': 'This friend has blocked or removed the official account; messages cannot be sent',
  },
  LINE_MESSAGE_REFUSED: {
    status: 400,
    'zh-TW': 'LINE 拒絕了這則訊息（{detail}）',
    'zh-CN': 'LINE 拒绝了这条消息（{detail}）',
    'en-US': 'LINE refused this message ({detail})',
  },
  LINE_QUOTA_EXCEEDED: {
    status: 429,
    'zh-TW': '本月的訊息則數已用完，請到 LINE 官方帳號管理後台調整方案',
    'zh-CN': '本月的消息条数已用完，请到 LINE 官方账号管理后台调整方案',
    'en-US': "This month's message quota is used up; change the plan in LINE Official Account Manager",
  },
  LINE_TOKEN_REJECTED: {
    status: 400,
    'zh-TW': 'LINE 不再接受這個頻道的憑證，請在設定 → 頻道 → LINE 重新輸入 Channel secret',
    'zh-CN': 'LINE 不再接受这个频道的凭证，请在设置 → 频道 → LINE 重新输入 Channel secret',
    'en-US': "LINE no longer accepts this channel's credentials; enter the channel secret again in Settings → Channel → LINE",
  },
  LINE_UNAVAILABLE: {
    status: 502,
    'zh-TW': 'LINE 的伺服器目前發生問題（HTTP {status}），不是您的設定有誤：請稍後再試，或查看 LINE API 的服務狀態',
    'zh-CN': 'LINE 的服务器目前出现问题（HTTP {status}），不是您的设置有误：请稍后再试，或查看 LINE API 的服务状态',
    'en-US': "LINE's servers are having a problem (HTTP {status}); your settings are not at fault: try again later, or check the LINE API status page",
  },
  LINE_UNREACHABLE: {
    status: 504,
    'zh-TW': '這台伺服器連不上 LINE（{reason}）：請管理員確認伺服器能連到 api.line.me（DNS、防火牆、Proxy），再試一次',
    'zh-CN': '这台服务器连不上 LINE（{reason}）：请管理员确认服务器能连到 api.line.me（DNS、防火墙、代理），再试一次',
    'en-US': "This server cannot reach LINE ({reason}): ask the administrator to check that it can connect to api.line.me (DNS, firewall, proxy), then try again",
  },
  LINE_QUOTA_NOT_ENOUGH: {
    status: 409,
    'zh-TW': '本月剩餘的訊息則數（{left}）不夠傳給 {recipients} 位好友，請縮小對象或到 LINE 官方帳號管理後台調整方案',
    'zh-CN': '本月剩余的消息条数（{left}）不够发送给 {recipients} 位好友，请缩小对象或到 LINE 官方账号管理后台调整方案',
    'en-US': "This month's remaining messages ({left}) are not enough for {recipients} friends: narrow the audience or change the plan in LINE Official Account Manager",
  },
  LINE_SEGMENT_EMPTY: {
    status: 400,
    'zh-TW': '這個標籤沒有可以傳送的 LINE 好友（需連結聯絡人、未封鎖、未退訂）',
    'zh-CN': '这个标签没有可以发送的 LINE 好友（需关联联系人、未屏蔽、未退订）',
    'en-US': 'No LINE friend of this tag can get the message (linked to a contact, not blocked, not opted out)',
  },
  LINE_RICH_MENU_IMAGE: {
    status: 400,
    'zh-TW': 'LINE 選單圖片須為 JPEG 或 PNG、不超過 1 MB、寬 800–2500 像素、高至少 250 像素，且寬除以高至少 1.45（這張：{actual}）',
    'zh-CN': 'LINE 菜单图片须为 JPEG 或 PNG、不超过 1 MB、宽 800–2500 像素、高至少 250 像素，且宽除以高至少 1.45（这张：{actual}）',
    'en-US': 'A LINE rich menu image must be a JPEG or PNG of at most 1 MB, 800–2500 px wide, at least 250 px high, and at least 1.45 times as wide as high (this one: {actual})',
  },
  LINE_RICH_MENU_AREA: {
    status: 400,
    'zh-TW': '選單的第 {index} 個區塊超出圖片範圍',
    'zh-CN': '菜单的第 {index} 个区块超出图片范围',
    'en-US': "The rich menu's area {index} lies outside the image",
  },
  LINE_RICH_MENU_NO_BOOKING: {
    status: 409,
    'zh-TW': '預約頁尚未公開：請先在預約設定開啟公開預約頁，再把它放進選單',
    'zh-CN': '预约页尚未公开：请先在预约设置开启公开预约页，再把它放进菜单',
    'en-US': 'The booking page is not public yet: turn it on in the booking settings before putting it in the menu',
  },
  LINE_RICH_MENU_NO_CARD: {
    status: 409,
    'zh-TW': '這位成員的電子名片尚未公開，無法放進選單',
    'zh-CN': '这位成员的电子名片尚未公开，无法放进菜单',
    'en-US': "This member's business card is not public, so it cannot go in the menu",
  },
} as const satisfies Record<string, ErrorEntry>;
