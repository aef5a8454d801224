import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints as api, type EmailSendBody, type MailboxConnectBody, type MailboxUpdateBody, type MailTemplateBody, type OAuthMailProvider } from '@lodestar/contract';
import { apiDownload, saveBlob } from '../../../shared/api-client.ts';
import { call } from '../../../shared/call.ts';
import { useInvalidateRecordHistory } from '../../records/notes/index.ts';
import { mailboxKeys } from '../query-keys.ts';

/** Polls while a mailbox is syncing, so "syncing…" turns into its outcome without a reload. */
export function useMailboxes(orgId: string) {
  return useQuery({
    queryKey: mailboxKeys.list(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    refetchInterval: (query) => (query.state.data?.some((mailbox) => mailbox.status === 'syncing') ? 2000 : false),
  });
}

/** Which providers this server can connect (Gmail and Outlook need its OAuth client). */
export function useMailProviders(orgId: string) {
  return useQuery({ queryKey: mailboxKeys.providers(orgId), queryFn: ({ signal }) => call(api.providers, { orgId, signal }), staleTime: 5 * 60_000 });
}

/** Gmail / Outlook: off to the provider's consent page; it sends the browser back to /account/mailboxes?outcome=… */
export function useStartOAuth(orgId: string) {
  return useMutation({
    mutationFn: async (provider: OAuthMailProvider) => {
      const { url } = await call(api.authorize, { orgId, params: { provider }, query: { backfillDays: 90 }, successMessage: false });
      window.location.assign(url);
    },
  });
}

function useMailboxMutation<T>(orgId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all(orgId) }) });
}

export function useTestMailbox(orgId: string) {
  return useMutation({ mutationFn: (body: Omit<MailboxConnectBody, 'email' | 'backfillDays' | 'includeCompanyDomains' | 'excluded'>) => call(api.test, { orgId, body, successMessage: false }) });
}

export function useConnectMailbox(orgId: string, successMessage: string) {
  return useMailboxMutation(orgId, (body: MailboxConnectBody) => call(api.connect, { orgId, body, successMessage }));
}

export function useUpdateMailbox(orgId: string, successMessage: string) {
  return useMailboxMutation(orgId, ({ id, body }: { id: string; body: MailboxUpdateBody }) => call(api.update, { orgId, params: { id }, body, successMessage }));
}

export function useSyncMailbox(orgId: string, successMessage: string) {
  return useMailboxMutation(orgId, (id: string) => call(api.syncNow, { orgId, params: { id }, successMessage, overlay: false }));
}

export function useRemoveMailbox(orgId: string, successMessage: string) {
  return useMailboxMutation(orgId, (id: string) => call(api.remove, { orgId, params: { id }, successMessage }));
}

export type MailRecordType = 'contact' | 'company' | 'deal';

export function useRecordEmails(orgId: string, entityType: MailRecordType, entityId: string) {
  return useQuery({
    queryKey: mailboxKeys.threads(orgId, entityType, entityId),
    queryFn: ({ signal }) => call(api.threads, { orgId, query: { entityType, entityId, limit: 50 }, signal }),
  });
}

/** After a send or a privacy change: the threads, the record's figures ("awaiting reply") and its timeline. */
function useRecordMailMutation<T>(orgId: string, entityType: MailRecordType, entityId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const invalidateHistory = useInvalidateRecordHistory();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: mailboxKeys.threads(orgId, entityType, entityId) });
      invalidateHistory(orgId, entityType, entityId);
    },
  });
}

export function useSendEmail(orgId: string, entityType: MailRecordType, entityId: string, successMessage: string) {
  return useRecordMailMutation(orgId, entityType, entityId, (body: EmailSendBody) => call(api.send, { orgId, body, successMessage }));
}

export function useSetEmailPrivate(orgId: string, entityType: MailRecordType, entityId: string) {
  return useRecordMailMutation(orgId, entityType, entityId, ({ id, value }: { id: string; value: boolean }) => call(api.setPrivate, { orgId, params: { id }, body: { private: value }, successMessage: false }));
}

export function useMailTemplates(orgId: string) {
  return useQuery({ queryKey: mailboxKeys.templates(orgId), queryFn: ({ signal }) => call(api.templates, { orgId, signal }) });
}

export function useSaveMailTemplate(orgId: string, successMessage: string) {
  return useMailboxMutation(orgId, ({ id, body }: { id?: string; body: MailTemplateBody }) =>
    id ? call(api.updateTemplate, { orgId, params: { id }, body, successMessage }) : call(api.createTemplate, { orgId, body, successMessage }),
  );
}

export function useRemoveMailTemplate(orgId: string, successMessage: string) {
  return useMailboxMutation(orgId, (id: string) => call(api.removeTemplate, { orgId, params: { id }, successMessage }));
}

/** A template filled from the record the e-mail is written from. */
export function useRenderMailTemplate(orgId: string, entityType: 'contact' | 'company', entityId: string) {
  return useMutation({ mutationFn: (id: string) => call(api.renderTemplate, { orgId, params: { id }, query: { entityType, entityId }, successMessage: false }) });
}

/** "Link to deal": the open deals of the e-mail's contacts (fetched when the picker opens). */
export function useEmailDealOptions(orgId: string, id: string, enabled: boolean) {
  return useQuery({ queryKey: mailboxKeys.dealOptions(orgId, id), queryFn: ({ signal }) => call(api.dealOptions, { orgId, params: { id }, signal }), enabled });
}

/** Puts an e-mail on a deal or takes it off: every record's threads show its deals, so all of them refresh. */
export function useLinkEmailDeal(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  const invalidateHistory = useInvalidateRecordHistory();
  return useMutation({
    mutationFn: ({ id, dealId, linked }: { id: string; dealId: string; linked: boolean }) =>
      call(linked ? api.linkDeal : api.unlinkDeal, { orgId, params: { id, dealId }, successMessage }),
    onSettled: async (_answer, _error, input) => {
      await queryClient.invalidateQueries({ queryKey: mailboxKeys.allThreads(orgId) });
      await queryClient.invalidateQueries({ queryKey: mailboxKeys.dealOptions(orgId, input.id) });
      invalidateHistory(orgId, 'deal', input.dealId);
    },
  });
}

/** Opens an attachment: the server fetches it from the mailbox's provider now (nothing is kept), then it is saved. */
export async function downloadAttachment(orgId: string, email: { id: string; attachments: { filename: string }[] }, index: number): Promise<void> {
  const blob = await apiDownload(api.attachment.path.replace(':id', email.id).replace(':index', String(index)), { orgId });
  saveBlob(blob, email.attachments[index]?.filename || 'attachment');
}

/** The attachments kept on a contact, company or deal (they outlive the e-mail and its mailbox). */
export function useSavedAttachments(orgId: string, entityType: MailRecordType, entityId: string) {
  return useQuery({
    queryKey: mailboxKeys.saved(orgId, entityType, entityId),
    queryFn: ({ signal }) => call(api.savedAttachments, { orgId, query: { entityType, entityId }, signal }),
  });
}

/** "Save to the record": the server fetches the attachment once more and keeps it as the record's file. */
export function useSaveAttachment(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, index, entityType, entityId }: { id: string; index: number; entityType: MailRecordType; entityId: string }) =>
      call(api.saveAttachment, { orgId, params: { id, index }, body: { entityType, entityId }, successMessage }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: mailboxKeys.allThreads(orgId) });
      await queryClient.invalidateQueries({ queryKey: mailboxKeys.allSaved(orgId) });
    },
  });
}

export async function downloadSavedAttachment(orgId: string, saved: { id: string; filename: string }): Promise<void> {
  const blob = await apiDownload(api.savedAttachmentFile.path.replace(':id', saved.id), { orgId });
  saveBlob(blob, saved.filename || 'attachment');
}

/** Subjects and bodies of the e-mail the member may read (2 characters and up). */
export function useEmailSearch(orgId: string, q: string) {
  return useQuery({ queryKey: mailboxKeys.search(orgId, q), queryFn: ({ signal }) => call(api.search, { orgId, query: { q, limit: 20 }, signal }), enabled: q.trim().length >= 2 });
}
