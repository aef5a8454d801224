import { z } from 'zod';

/**
 * In-app notifications (docs/product.md#notifications): a member's bell. One unread notification per subject (a LINE
 * conversation): a new message there refreshes it instead of adding another.
 */
export const notificationKinds = ['lineMessage', 'lineAssigned', 'workflow', 'quoteAccepted', 'quoteDeclined', 'mailboxFailing'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  /** Who or what it is about (a LINE display name). */
  title: z.string(),
  /** The latest text, if any. */
  body: z.string().nullable(),
  /** The app path it opens, under the workspace (e.g. social/line/<id>), or from the root when it starts with / (the account pages). */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
