/** The channels context's query keys (docs/ARCHITECTURE.md, "Contexts"). */
export const lineKeys = {
  all: (orgId: string) => ['line', orgId] as const,
  channel: (orgId: string) => [...lineKeys.all(orgId), 'channel'] as const,
  conversations: (orgId: string) => [...lineKeys.all(orgId), 'conversations'] as const,
  list: (orgId: string, keyword: string) => [...lineKeys.conversations(orgId), 'list', keyword] as const,
  conversation: (orgId: string, id: string) => [...lineKeys.conversations(orgId), 'view', id] as const,
  savedReplies: (orgId: string) => [...lineKeys.all(orgId), 'saved-replies'] as const,
  segmentSends: (orgId: string) => [...lineKeys.all(orgId), 'segment-sends'] as const,
  routing: (orgId: string) => [...lineKeys.all(orgId), 'routing'] as const,
  richMenu: (orgId: string) => [...lineKeys.all(orgId), 'rich-menu'] as const,
};
