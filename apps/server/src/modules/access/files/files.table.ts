import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** Uploaded files (avatars): bytes under DATA_DIR/files/<orgId>/<id>, metadata here. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('files_org_id_idx').on(t.orgId, t.id)],
);
