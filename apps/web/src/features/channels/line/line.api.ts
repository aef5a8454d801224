import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lineChannelEndpoints as channelApi, lineConversationEndpoints as api, type LineCredentialsBody, type LineSavedReplyBody, type Locale } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { noteKeys } from '../../records/query-keys.ts';
import { lineKeys } from '../query-keys.ts';

export function useLineChannel(orgId: string, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: lineKeys.channel(orgId),
    queryFn: ({ signal }) => call(channelApi.get, { orgId, signal }),
    refetchInterval: options.poll ? 3000 : false,
  });
}

function useChannelMutation<T>(orgId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => queryClient.setQueryData(lineKeys.channel(orgId), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineKeys.channel(orgId) }),
  });
}

export function useConfirmLineStep(orgId: string, successMessage: string) {
  return useChannelMutation(orgId, (step: 1 | 2 | 5 | 6) => call(channelApi.confirmStep, { orgId, params: { step }, successMessage }));
}

export function useSaveLineCredentials(orgId: string, successMessage: string) {
  return useChannelMutation(orgId, (body: LineCredentialsBody) => call(channelApi.credentials, { orgId, body, successMessage }));
}

export function useSetUpLineWebhook(orgId: string, successMessage: string) {
  return useChannelMutation(orgId, () => call(channelApi.webhook, { orgId, successMessage }));
}

export function useDisconnectLine(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(channelApi.disconnect, { orgId, successMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineKeys.all(orgId) }),
  });
}

/** New messages show without a reload: the list and the open conversation poll. */
export function useLineConversations(orgId: string, keyword: string) {
  return useQuery({
    queryKey: lineKeys.list(orgId, keyword),
    queryFn: ({ signal }) => call(api.list, { orgId, query: { keyword: keyword || undefined, page: 1 }, signal }),
    refetchInterval: 5000,
  });
}

export function useLineConversation(orgId: string, id: string | undefined) {
  return useQuery({
    queryKey: lineKeys.conversation(orgId, id ?? ''),
    queryFn: ({ signal }) => call(api.view, { orgId, params: { id: id! }, signal }),
    enabled: Boolean(id),
    refetchInterval: 4000,
  });
}

/** Conversations change, and so may contact pages' LINE sections (a link, an unlink, a new message). */
function useConversationMutation<T>(orgId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: lineKeys.conversations(orgId) });
      await queryClient.invalidateQueries({ queryKey: noteKeys.all(orgId) });
    },
  });
}

export function useSendLineMessage(orgId: string, id: string) {
  return useConversationMutation(orgId, (body: { text: string; quickReplies?: string[] }) => call(api.send, { orgId, params: { id }, body, successMessage: false, overlay: false }));
}

/** A photo or file into the conversation (multipart): LINE gets an image message or a link (docs/product.md#line-channel). */
export function useSendLineFile(orgId: string, id: string) {
  return useConversationMutation(orgId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call(api.sendFile, { orgId, params: { id }, body: form, successMessage: false });
  });
}

export function useLinkLineContact(orgId: string, id: string, successMessage: string) {
  return useConversationMutation(orgId, (body: { contactId?: string; create?: boolean }) => call(api.link, { orgId, params: { id }, body, successMessage }));
}

export function useAssignLineOwner(orgId: string, id: string, successMessage: string) {
  return useConversationMutation(orgId, (ownerUserId: string | null) => call(api.assign, { orgId, params: { id }, body: { ownerUserId }, successMessage }));
}

export function useUnlinkLineContact(orgId: string, id: string, successMessage: string) {
  return useConversationMutation(orgId, () => call(api.unlink, { orgId, params: { id }, successMessage }));
}

export function useTakeOverLine(orgId: string, id: string, successMessage: string) {
  return useConversationMutation(orgId, () => call(api.takeOver, { orgId, params: { id }, successMessage }));
}

/** A one-time binding code for a contact (shown in a dialog, nothing cached). */
export function useLineBindCode(orgId: string) {
  return useMutation({ mutationFn: (contactId: string) => call(api.bindCode, { orgId, body: { contactId }, successMessage: false }) });
}

export function useLineSavedReplies(orgId: string) {
  return useQuery({ queryKey: lineKeys.savedReplies(orgId), queryFn: ({ signal }) => call(api.savedReplies, { orgId, signal }) });
}

/** Creates (no id) or updates a saved reply; null body deletes it. */
export function useSaveLineSavedReply(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: LineSavedReplyBody | null }) =>
      body === null
        ? call(api.deleteSavedReply, { orgId, params: { replyId: id! }, successMessage })
        : id
          ? call(api.updateSavedReply, { orgId, params: { replyId: id }, body, successMessage })
          : call(api.createSavedReply, { orgId, body, successMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineKeys.savedReplies(orgId) }),
  });
}

/** A saved reply filled for this conversation (goes into the reply box). */
export function useRenderLineReply(orgId: string, id: string) {
  return useMutation({ mutationFn: (body: { savedReplyId: string; locale: Locale }) => call(api.render, { orgId, params: { id }, body, successMessage: false }) });
}
