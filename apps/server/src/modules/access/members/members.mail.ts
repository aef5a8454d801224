import type { Locale } from '@lodestar/contract';
import type { MailMessage } from '../../../platform/mail.ts';

export function invitationMail(locale: Locale, to: string, inviter: string, orgName: string, link: string): MailMessage {
  const texts: Record<Locale, MailMessage> = {
    'zh-TW': { to, subject: `${inviter} 邀請您加入 Lodestar 工作區「${orgName}」`, text: `${inviter} 邀請您加入工作區「${orgName}」。\n接受邀請：\n${link}` },
    'zh-CN': { to, subject: `${inviter} 邀请您加入 Lodestar 工作区“${orgName}”`, text: `${inviter} 邀请您加入工作区“${orgName}”。\n接受邀请：\n${link}` },
    'en-US': { to, subject: `${inviter} invited you to the Lodestar workspace "${orgName}"`, text: `${inviter} invited you to the workspace "${orgName}".\nAccept the invitation:\n${link}` },
  };
  return texts[locale];
}

/** The link of an invitation mail; the web keeps it as the redirect through sign-up or login. */
export function invitationLink(publicUrl: string, orgId: string, memberId: string): string {
  return `${publicUrl}/user/orgAccepted?orgId=${encodeURIComponent(orgId)}&userId=${encodeURIComponent(memberId)}`;
}
