import type { Locale } from '@lodestar/contract';
import type { MailMessage } from '../../../platform/mail.ts';

/** Mail texts in the recipient's language (their saved preference). */
export function passwordResetMail(locale: Locale, to: string, code: string, link: string): MailMessage {
  const texts: Record<Locale, MailMessage> = {
    'zh-TW': {
      to,
      subject: 'Lodestar 密碼重設驗證碼',
      text: `您的驗證碼是 ${code}，10 分鐘內有效。\n也可以點擊以下連結重設密碼：\n${link}\n\n若您沒有申請重設密碼，請忽略這封信。`,
    },
    'zh-CN': {
      to,
      subject: 'Lodestar 密码重设验证码',
      text: `您的验证码是 ${code}，10 分钟内有效。\n也可以点击以下链接重设密码：\n${link}\n\n若您没有申请重设密码，请忽略这封邮件。`,
    },
    'en-US': {
      to,
      subject: 'Your Lodestar password reset code',
      text: `Your code is ${code}. It is valid for 10 minutes.\nYou can also reset your password with this link:\n${link}\n\nIf you did not ask for this, ignore this email.`,
    },
  };
  return texts[locale];
}
