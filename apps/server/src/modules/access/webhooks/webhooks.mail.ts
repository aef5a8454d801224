import type { Locale } from '@lodestar/contract';
import type { MailMessage } from '../../../platform/mail.ts';

/** To each administrator when persistent failures turned a webhook off. */
export function webhookDisabledMail(locale: Locale, to: string, facts: { orgName: string; name: string; url: string; link: string }): MailMessage {
  const { orgName, name, url, link } = facts;
  const texts: Record<Locale, MailMessage> = {
    'zh-TW': {
      to,
      subject: `Lodestar：Webhook「${name}」已停用`,
      text: `工作區「${orgName}」的 Webhook「${name}」（${url}）連續 24 小時傳送失敗，已自動停用。\n請檢查接收端後到設定重新啟用：\n${link}`,
    },
    'zh-CN': {
      to,
      subject: `Lodestar：Webhook“${name}”已停用`,
      text: `工作区“${orgName}”的 Webhook“${name}”（${url}）连续 24 小时发送失败，已自动停用。\n请检查接收端后到设置重新启用：\n${link}`,
    },
    'en-US': {
      to,
      subject: `Lodestar: webhook "${name}" was turned off`,
      text: `Deliveries of the webhook "${name}" (${url}) of the workspace "${orgName}" kept failing for 24 hours, so it was turned off.\nCheck the receiver, then turn it back on in the settings:\n${link}`,
    },
  };
  return texts[locale];
}
