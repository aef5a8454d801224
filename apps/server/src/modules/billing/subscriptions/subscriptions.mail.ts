import { resolveLocale, type Locale } from '@lodestar/contract';
import type { MailMessage } from '../../../platform/mail.ts';

/** Mail to the workspace's administrator about its subscription, in their language. */
export function paymentFailedMail(language: string, to: string, workspace: string, amount: number, link: string): MailMessage {
  const texts: Record<Locale, Omit<MailMessage, 'to'>> = {
    'zh-TW': {
      subject: `Lodestar 付款失敗：${workspace}`,
      text: `工作區「${workspace}」的續訂扣款 NT$${amount} 未成功。我們會依排程重試；若寬限期結束仍未付款，工作區將被凍結（資料不會刪除）。\n請更新付款方式：\n${link}`,
    },
    'zh-CN': {
      subject: `Lodestar 付款失败：${workspace}`,
      text: `工作区“${workspace}”的续订扣款 NT$${amount} 未成功。我们会按计划重试；若宽限期结束仍未付款，工作区将被冻结（数据不会删除）。\n请更新付款方式：\n${link}`,
    },
    'en-US': {
      subject: `Lodestar payment failed: ${workspace}`,
      text: `The renewal charge of NT$${amount} for the workspace "${workspace}" did not go through. We will retry on a schedule; if it is still unpaid when the grace period ends, the workspace is frozen (nothing is deleted).\nUpdate the payment method:\n${link}`,
    },
  };
  return { to, ...texts[resolveLocale(language)] };
}

export function frozenMail(language: string, to: string, workspace: string, link: string): MailMessage {
  const texts: Record<Locale, Omit<MailMessage, 'to'>> = {
    'zh-TW': { subject: `Lodestar 工作區已凍結：${workspace}`, text: `工作區「${workspace}」因續訂未付款已被凍結，資料均保留。付款後立即解除凍結：\n${link}` },
    'zh-CN': { subject: `Lodestar 工作区已冻结：${workspace}`, text: `工作区“${workspace}”因续订未付款已被冻结，数据均保留。付款后立即解除冻结：\n${link}` },
    'en-US': {
      subject: `Lodestar workspace frozen: ${workspace}`,
      text: `The workspace "${workspace}" is frozen because its renewal is unpaid. All data is kept. Paying unfreezes it at once:\n${link}`,
    },
  };
  return { to, ...texts[resolveLocale(language)] };
}
