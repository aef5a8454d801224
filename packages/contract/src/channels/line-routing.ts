import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';

/**
 * Routing (docs/product.md#line-channel): who receives a new friend or an unassigned conversation. A keyword rule
 * (the first whose keyword the message contains) names its member; otherwise the chosen members take turns
 * (round-robin). No members and no rule: the contact's owner, as before.
 */
export const lineRoutingRuleSchema = z.object({
  keyword: z.string().trim().min(1).max(50),
  userId: uuidSchema,
});
export const lineRoutingBodySchema = z.object({
  /** Members who take turns (in this order). Empty: no round-robin. */
  memberIds: z.array(uuidSchema).max(100),
  rules: z.array(lineRoutingRuleSchema).max(50),
});
export type LineRoutingBody = z.infer<typeof lineRoutingBodySchema>;
export const lineRoutingSchema = lineRoutingBodySchema;
export type LineRouting = z.infer<typeof lineRoutingSchema>;

/** How a conversation got its owner (the `conversation.assigned` event's `via`). */
export const lineAssignmentVias = ['keyword', 'roundRobin', 'manual', 'takeOver'] as const;
export type LineAssignmentVia = (typeof lineAssignmentVias)[number];
