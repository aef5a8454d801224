import { z } from 'zod';
import { plans } from '../platform/constants.ts';
import { timeZoneSchema } from '../platform/common.ts';

/** docs/product.md#fields: the 16 industry options. */
export const industries = [
  'it', 'manufacturing', 'semiconductor', 'finance', 'biotechMedical', 'retailTrade', 'eCommerce', 'logistics',
  'tourism', 'greenEnergy', 'constructionRealEstate', 'media', 'foodProcessing', 'education', 'chemicals', 'other',
] as const;
export type Industry = (typeof industries)[number];

export const membershipStatuses = ['invited', 'activated', 'deactivated'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

const orgNameSchema = z.string().trim().min(1).max(100);

export const organizationCreateBodySchema = z.object({
  orgName: orgNameSchema,
  /** Raw strings: each is checked by the service so the answer can name the bad address. */
  memberEmails: z.array(z.string().max(254)).max(200).default([]),
});
export type OrganizationCreateBody = z.infer<typeof organizationCreateBodySchema>;

export const organizationCreatedSchema = z.object({ orgId: z.string(), orgName: z.string() });

export const organizationSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  name: z.string(),
  industry: z.enum(industries).nullable(),
  otherIndustry: z.string().nullable(),
  plan: z.enum(plans),
  frozen: z.boolean(),
  /** Display name of the top administrator. */
  administrator: z.string(),
  memberCount: z.number().int(),
  /** The caller's display name in this org (docs/product.md: userFullnameInOrg). */
  userFullnameInOrg: z.string(),
  isTopAdministrator: z.boolean(),
  isSystemAdministrator: z.boolean(),
  isDefault: z.boolean(),
  /** The workspace's time zone (IANA): weekly workflow schedules, date triggers and waits until a date. */
  timeZone: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationListQuerySchema = z.object({
  ignoreFrozen: z.enum(['true', 'false', '1', '0']).optional(),
});

export const organizationUpdateBodySchema = z
  .object({
    name: orgNameSchema,
    industry: z.enum(industries).nullable().optional(),
    otherIndustry: z.string().trim().max(100).nullable().optional(),
    /** Absent: unchanged. */
    timeZone: timeZoneSchema.optional(),
  });
export type OrganizationUpdateBody = z.infer<typeof organizationUpdateBodySchema>;

export const workspaceRenameBodySchema = z.object({ orgId: z.uuid(), workspaceName: orgNameSchema });
export const setDefaultOrganizationBodySchema = z.object({ orgId: z.uuid() });
