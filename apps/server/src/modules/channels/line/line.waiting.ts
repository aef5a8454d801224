import { lineAwaitingReplyMinutes, resolveLocale, type Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Mailer, MailMessage } from '../../../platform/mail.ts';
import * as membersService from '../../access/members/members.service.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as lineRepository from './line.repository.ts';

/**
 * The e-mail notice of a message waiting for a reply (docs/product.md#line-channel, issue 32): a friend's message that
 * has waited lineAwaitingReplyMinutes minutes without our reply mails the conversation's owner — once per waiting
 * period. The period is on the friend row: `awaiting_reply_since` (the first unanswered message, set by the webhook),
 * `awaiting_notice_at` (set by the conditional update that claims the notice); our next message clears both. The scan
 * is the `channels.line.waiting` job (every minute; its state is in the rows, so a restart or a second app server
 * neither skips nor repeats a notice). `now` is a parameter so tests move the clock.
 */
export async function mailWaitingOwners(db: Db, mailer: Mailer, publicUrl: string, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - lineAwaitingReplyMinutes * 60_000);
  let mailed = 0;
  for (;;) {
    const claimed = await lineRepository.claimWaitingNotices(db, cutoff, now, 100);
    if (claimed.length === 0) return mailed;
    for (const row of claimed) {
      const [active] = await membersService.findActivatedUserIds(db, row.orgId, [row.ownerUserId]);
      const owner = active ? await usersService.findUserById(db, row.ownerUserId) : undefined;
      if (!owner) continue;
      const org = await organizationsService.findOrganization(db, row.orgId);
      const link = `${publicUrl}/${row.orgId}/social/line/${row.id}`;
      mailer.send(waitingMail(resolveLocale(owner.language), owner.email, { name: row.displayName, orgName: org?.name ?? '', message: row.lastMessage, since: row.awaitingReplySince, link }));
      mailed += 1;
    }
  }
}

export function lineWaitingJobs(mailer: Mailer, publicUrl: string): JobDefinition[] {
  return [{ name: 'channels.line.waiting', intervalMs: 60_000, run: (db) => mailWaitingOwners(db, mailer, publicUrl) }];
}

function waitingMail(locale: Locale, to: string, facts: { name: string; orgName: string; message: string | null; since: Date; link: string }): MailMessage {
  const { name, orgName, link } = facts;
  const quote = facts.message ? `\n\n「${facts.message}」` : '';
  const since = facts.since.toISOString().slice(0, 16).replace('T', ' ');
  const texts: Record<Locale, Pick<MailMessage, 'subject' | 'text'>> = {
    'zh-TW': {
      subject: `${name} 在 LINE 等您回覆超過 ${lineAwaitingReplyMinutes} 分鐘`,
      text: `工作區「${orgName}」的 LINE 好友 ${name} 從 ${since}（UTC）起傳來的訊息還沒有人回覆。${quote}\n\n回覆：\n${link}`,
    },
    'zh-CN': {
      subject: `${name} 在 LINE 等您回复超过 ${lineAwaitingReplyMinutes} 分钟`,
      text: `工作区“${orgName}”的 LINE 好友 ${name} 从 ${since}（UTC）起发来的消息还没有人回复。${quote}\n\n回复：\n${link}`,
    },
    'en-US': {
      subject: `${name} has waited over ${lineAwaitingReplyMinutes} minutes for your reply on LINE`,
      text: `The LINE friend ${name} of the workspace "${orgName}" has had no reply since ${since} (UTC).${facts.message ? `\n\n"${facts.message}"` : ''}\n\nReply:\n${link}`,
    },
  };
  return { to, ...texts[locale] };
}
