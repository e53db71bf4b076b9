import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';

/**
 * A tenant's metadata form. The definition (fields, views, sections, usage rules…) is one validated document;
 * the columns beside it are what lists, uniqueness and the built-in rules need.
 */
export const metadataForm = pgTable(
  'metadata_form',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    // The form's `id` in the spec: stable, chosen by the administrator, used in views and imports.
    formKey: text('form_key').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    // common, folderDefault, qualityControl, detectedText, restrictedMaterial; null for the tenant's own forms.
    builtIn: text('built_in'),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    // Bumped on every save; an editor saving an older revision gets a conflict instead of overwriting.
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('metadata_form_key_idx').on(t.tenantId, t.formKey),
    uniqueIndex('metadata_form_label_idx').on(t.tenantId, sql`lower(${t.label})`),
  ],
);
