import { z } from 'zod';
import { userRefSchema } from '../records/records.ts';
import { uuidSchema } from '../platform/common.ts';

export * from './activity-items.rules.ts';

/**
 * Activity items and activity profiles (docs/product.md#screens, #fields, #limits: settings/activityList and settings/activity).
 * An item (phone call, visit…) is worth `point` points with a daily `targetNum`. A profile groups items with a
 * weight score and a daily target count, and is assigned to users (one profile per user).
 * Completing a schedule earns the points of its activity items (one row per completion, summed by reports).
 */

export const activityItemSaveBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  point: z.coerce.number().int().min(0).max(10_000),
  targetNum: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ActivityItemSaveBody = z.infer<typeof activityItemSaveBodySchema>;
export const activityItemUpdateBodySchema = activityItemSaveBodySchema.partial();
export type ActivityItemUpdateBody = z.infer<typeof activityItemUpdateBodySchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  point: z.number().int(),
  targetNum: z.number().int(),
  /** In a schedule: the item is picked (picked points are summed as the schedule's score). */
  isSelect: z.boolean().optional(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityItemListSchema = z.object({ items: z.array(activityItemSchema) });

export const activityProfileSaveBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  itemIds: z.array(uuidSchema).max(200).default([]),
  weightScore: z.coerce.number().int().min(0).max(100_000).default(0),
  dailyTargetCount: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Users this profile applies to; a user moved here leaves their previous profile. */
  userIds: z.array(uuidSchema).max(1000).default([]),
});
export type ActivityProfileSaveBody = z.infer<typeof activityProfileSaveBodySchema>;
export const activityProfileUpdateBodySchema = z.object({
  name: activityProfileSaveBodySchema.shape.name,
  itemIds: z.array(uuidSchema).max(200),
  weightScore: z.coerce.number().int().min(0).max(100_000),
  dailyTargetCount: z.coerce.number().int().min(0).max(10_000),
  userIds: z.array(uuidSchema).max(1000),
}).partial();
export type ActivityProfileUpdateBody = z.infer<typeof activityProfileUpdateBodySchema>;

export const activityProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  items: z.array(activityItemSchema),
  weightScore: z.number().int(),
  dailyTargetCount: z.number().int(),
  users: z.array(userRefSchema),
  /** docs/product.md#limits: daily target = daily count × score; weekly = daily × 5. */
  dailyTarget: z.number().int(),
  weeklyTarget: z.number().int(),
});
export type ActivityProfile = z.infer<typeof activityProfileSchema>;
export const activityProfileListSchema = z.object({ items: z.array(activityProfileSchema) });


/** GET /api/userActivity: the items the caller may pick in a schedule (their profile's, or every item without a profile). */
export const userActivitySchema = z.object({ profileId: z.string().nullable(), items: z.array(activityItemSchema) });
export type UserActivity = z.infer<typeof userActivitySchema>;

/*
 * Endpoints (all ?orgId=; writes need the system administrator):
 *   GET    /api/settings/activityItem          → activityItemListSchema
 *   POST   /api/settings/activityItem          activityItemSaveBodySchema → activityItemSchema
 *   GET    /api/settings/activityItem/{id}     → activityItemSchema
 *   PUT    /api/settings/activityItem/{id}     activityItemUpdateBodySchema → activityItemSchema
 *   DELETE /api/settings/activityItem/{id}     → null (schedules keep their earned points)
 *   GET    /api/settings/activity              → activityProfileListSchema
 *   POST   /api/settings/activity              activityProfileSaveBodySchema → activityProfileSchema
 *   GET    /api/settings/activity/{id}         → activityProfileSchema
 *   PUT    /api/settings/activity/{id}         activityProfileUpdateBodySchema → activityProfileSchema
 *   DELETE /api/settings/activity/{id}         → null
 *   GET    /api/userActivity                   → userActivitySchema
 */
