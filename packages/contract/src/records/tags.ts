import { z } from 'zod';
import { defaultColor } from '../platform/constants.ts';
import { tagKinds } from './tags.rules.ts';

export * from './tags.rules.ts';

/**
 * Tags for contacts (`customer`, the product's path word) and companies: a tree (parent) with sort,
 * colour, isShow 1/0 and noticeDay (contact cadence in days, 0 = none). A tag type is a root node
 * that groups tags and is not itself applied to records.
 */
const colorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

export interface Tag {
  id: string;
  name: string;
  label: string;
  color: string;
  noticeDay: number;
  isShow: 0 | 1;
  isType: boolean;
  sort: number;
  parentId: string | null;
  /** Records carrying this tag (visible or not). */
  count: number;
  children: Tag[];
}
export const tagSchema: z.ZodType<Tag> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    label: z.string(),
    color: z.string(),
    noticeDay: z.number().int(),
    isShow: z.union([z.literal(0), z.literal(1)]),
    isType: z.boolean(),
    sort: z.number().int(),
    parentId: z.string().nullable(),
    count: z.number().int(),
    children: z.array(tagSchema),
  }),
  // A recursive schema needs a name in the OpenAPI document (components.schemas.Tag).
).meta({ id: 'Tag' });

export const tagKindParamsSchema = z.object({ kind: z.enum(tagKinds) });
export const tagParamsSchema = z.object({ kind: z.enum(tagKinds), id: z.uuid() });

const tagNameSchema = z.string().trim().min(1).max(50);
/** POST /api/tags/{kind}: create a tag (contactTag/companyTag create privilege). */
export const tagCreateBodySchema = z.object({
  name: tagNameSchema,
  color: colorSchema.default(defaultColor),
  parentId: z.uuid().nullable().optional(),
  noticeDay: z.number().int().min(0).max(3650).default(0),
});
export type TagCreateBody = z.infer<typeof tagCreateBodySchema>;
/** POST /api/tags/{kind}/type: create a tag type (a root group). */
export const tagTypeCreateBodySchema = z.object({ name: tagNameSchema });

/** A node of settingByTree: id -1 (or absent) for a new tag; order in the array is the sort. */
export interface TagTreeNode {
  id?: string | -1 | undefined;
  name: string;
  color?: string | undefined;
  noticeDay?: number | undefined;
  isShow?: 0 | 1 | undefined;
  isType?: boolean | undefined;
  children?: TagTreeNode[] | undefined;
}
export const tagTreeNodeSchema: z.ZodType<TagTreeNode> = z.lazy(() =>
  z.object({
    id: z.union([z.uuid(), z.literal(-1)]).optional(),
    name: tagNameSchema,
    color: colorSchema.optional(),
    noticeDay: z.number().int().min(0).max(3650).optional(),
    isShow: z.union([z.literal(0), z.literal(1)]).optional(),
    isType: z.boolean().optional(),
    children: z.array(tagTreeNodeSchema).max(500).optional(),
  }),
).meta({ id: 'TagTreeNode' });
/**
 * POST /api/tags/{kind}/settingByTree: the tag manager's Submit — the whole tree. Existing tags missing
 * from it are deleted (needs delete), new ones created (needs create), the rest updated (needs edit).
 */
export const tagSettingByTreeBodySchema = z.object({ tree: z.array(tagTreeNodeSchema).max(500) });
/** POST /api/tags/{kind}/settingShow: isShow 1 or 0. */
export const tagSettingShowBodySchema = z.object({ id: z.uuid(), isShow: z.union([z.literal(0), z.literal(1)]) });
/** POST /api/tags/{kind}/apply: add (or remove) tags on many records. */
export const tagApplyBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(1000),
  tagIds: z.array(z.uuid()).min(1).max(100),
  remove: z.boolean().default(false),
});
/** POST /api/tags/{kind}/singleUpdate: set the tags of one record. */
export const tagSingleUpdateBodySchema = z.object({ id: z.uuid(), tagIds: z.array(z.uuid()).max(100) });
