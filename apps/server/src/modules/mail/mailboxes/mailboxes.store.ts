import type { Db } from '../../../db/client.ts';
import { emitEvent } from '../../../platform/events.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import type { ParsedEmail } from './mailboxes.parse.ts';
import * as linksRepository from './mailboxes.links.repository.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { EmailRow, MailboxRow } from './mailboxes.repository.ts';
import type { RecordLink } from './mailboxes.match.ts';
import type { RemoteRef } from './mailboxes.table.ts';

/**
 * Writes one matched e-mail with its links (deals by the one-open-deal rule too), its timeline entry and its event, in one transaction; answers undefined
 * when the mailbox already holds that Message-ID (a resumed sync, our own sent copy read back from Sent).
 */
export async function storeEmail(
  db: Db,
  mailbox: Pick<MailboxRow, 'id' | 'orgId' | 'userId'>,
  email: ParsedEmail,
  direction: 'in' | 'out',
  links: RecordLink[],
  eventType: 'email.synced' | 'email.sent',
  remoteRef: RemoteRef | null = null,
): Promise<EmailRow | undefined> {
  return db.transaction(async (tx) => {
    const threadId = (await mailboxesRepository.threadOf(tx, mailbox.orgId, [...email.references, ...(email.inReplyTo ? [email.inReplyTo] : [])])) ?? email.references[0] ?? email.inReplyTo ?? email.messageId;
    const row = await mailboxesRepository.insertEmail(
      tx,
      {
        orgId: mailbox.orgId,
        mailboxId: mailbox.id,
        ownerUserId: mailbox.userId,
        messageId: email.messageId,
        threadId,
        references: email.references,
        direction,
        subject: email.subject,
        from: email.from,
        to: email.to,
        cc: email.cc,
        sentAt: email.sentAt,
        snippet: email.snippet,
        html: email.html,
        text: email.text,
        attachments: email.attachments,
        remoteRef,
      },
      links,
    );
    if (!row) return undefined;
    const dealIds = await linksRepository.autoLinkDeals(tx, mailbox.orgId, row.id, threadId);
    await timelineService.record(tx, mailbox.orgId, direction === 'out' ? mailbox.userId : null, 'email', [row.id], 'email', { direction: [null, direction] });
    await emitEvent(tx, {
      orgId: mailbox.orgId,
      type: eventType,
      recordKind: 'email',
      recordId: row.id,
      // Subject and participants only: the body stays with the records' viewers and private mode.
      record: { id: row.id, mailboxId: row.mailboxId, ownerUserId: row.ownerUserId, direction, subject: row.subject, from: row.from, to: row.to, cc: row.cc, sentAt: row.sentAt.toISOString(), threadId, links: [...links, ...dealIds.map((entityId) => ({ entityType: 'deal', entityId, via: 'auto' }))] },
    });
    return row;
  });
}
