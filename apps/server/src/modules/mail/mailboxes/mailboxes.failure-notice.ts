import { resolveLocale, type Locale, type MailProblem } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Mailer, MailMessage } from '../../../platform/mail.ts';
import * as notificationsService from '../../access/notifications/notifications.service.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailboxRow } from './mailboxes.repository.ts';

/** A mailbox failing this long without one good sync tells its owner (issue 34: no silent failure). */
export const failureNoticeAfterHours = 24;

const problemWords: Record<Locale, Record<MailProblem, string>> = {
  'zh-TW': { authFailed: '登入被拒（密碼已變更或授權已撤銷）', unreachable: '連不上郵件伺服器', tlsFailed: '加密連線失敗', timeout: '伺服器沒有回應', rejected: '伺服器拒絕了要求', quota: '超過服務商的用量上限', unknown: '不明錯誤' },
  'zh-CN': { authFailed: '登录被拒（密码已更改或授权已撤销）', unreachable: '连不上邮件服务器', tlsFailed: '加密连接失败', timeout: '服务器没有响应', rejected: '服务器拒绝了请求', quota: '超过服务商的用量上限', unknown: '未知错误' },
  'en-US': { authFailed: 'sign-in refused (password changed or access revoked)', unreachable: 'the mail server cannot be reached', tlsFailed: 'the secure connection failed', timeout: 'the server does not answer', rejected: 'the server refused the request', quota: "over the provider's usage limit", unknown: 'an unknown error' },
};

export function failureNoticeMail(locale: Locale, to: string, mailbox: string, problem: MailProblem, link: string): MailMessage {
  const why = problemWords[locale][problem];
  const texts: Record<Locale, Pick<MailMessage, 'subject' | 'text'>> = {
    'zh-TW': { subject: `信箱 ${mailbox} 已超過一天無法同步`, text: `您連接到 Lodestar 的信箱 ${mailbox} 從昨天起一直無法同步：${why}。\n在這之後收到的客戶郵件不會出現在客戶頁面上，直到您重新連接。\n\n重新連接：\n${link}` },
    'zh-CN': { subject: `邮箱 ${mailbox} 已超过一天无法同步`, text: `您连接到 Lodestar 的邮箱 ${mailbox} 从昨天起一直无法同步：${why}。\n在这之后收到的客户邮件不会出现在客户页面上，直到您重新连接。\n\n重新连接：\n${link}` },
    'en-US': { subject: `Your mailbox ${mailbox} has not synced for a day`, text: `The mailbox ${mailbox} you connected to Lodestar has been failing to sync since yesterday: ${why}.\nCustomers' mail arriving meanwhile will not show on their pages until you reconnect.\n\nReconnect:\n${link}` },
  };
  return { to, ...texts[locale] };
}

/**
 * After a failed sync: marks the start of the run of failures, and once it has lasted a day tells the owner — the
 * bell and one e-mail. The row is locked while deciding, so however many syncs fail afterwards (on however many app
 * servers) the owner hears of it once; a successful sync clears both columns, and the next run of failures counts anew.
 */
export async function noteFailure(db: Db, mailer: Mailer | null, publicUrl: string, mailbox: Pick<MailboxRow, 'id' | 'orgId' | 'userId' | 'email'>, problem: MailProblem): Promise<boolean> {
  const notice = await db.transaction(async (tx) => {
    const state = await mailboxesRepository.lockFailureState(tx, mailbox.orgId, mailbox.id);
    if (!state) return null;
    const now = new Date();
    const failingSince = state.failingSince ?? now;
    const due = state.failureNoticedAt === null && now.getTime() - failingSince.getTime() >= failureNoticeAfterHours * 3_600_000;
    await mailboxesRepository.updateMailbox(tx, mailbox.orgId, mailbox.id, { failingSince, ...(due ? { failureNoticedAt: now } : {}) });
    if (!due) return null;
    const locale = resolveLocale(state.ownerLanguage);
    await notificationsService.notify(tx, mailbox.orgId, { userId: mailbox.userId, kind: 'mailboxFailing', subject: `mailbox:${mailbox.id}`, title: mailbox.email, body: problemWords[locale][problem], link: '/account/mailboxes' });
    return failureNoticeMail(locale, state.ownerEmail, mailbox.email, problem, `${publicUrl.replace(/\/$/, '')}/account/mailboxes`);
  });
  // Mailed once the notice is committed: a rolled-back claim sends nothing.
  if (notice) mailer?.send(notice);
  return notice !== null;
}
