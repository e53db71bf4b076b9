import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';

/**
 * A tenant's render preset (spec section 3). The mode's settings are one document validated by core's preset rules;
 * the columns beside it are what lists, the fallback chain and the one-default rule need.
 */
export const renderPreset = pgTable(
  'render_preset',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    // The service refuses deleting a preset another names as fallback; the key keeps a race from doing it (checked
    // at the end of the statement, so a tenant's presets still go together with the tenant).
    fallbackPresetId: uuid('fallback_preset_id').references((): AnyPgColumn => renderPreset.id),
    startTimecode: text('start_timecode').notNull(),
    overrideStartTimecode: boolean('override_start_timecode').notNull().default(false),
    capabilities: text('capabilities').array().notNull(),
    mode: text('mode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    // The tenant's subclip preset: a flag here, so that the preset it names always exists and is only one.
    isSubclipPreset: boolean('is_subclip_preset').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('render_preset_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('render_preset_default_idx')
      .on(t.tenantId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('render_preset_subclip_idx')
      .on(t.tenantId)
      .where(sql`${t.isSubclipPreset}`),
  ],
);
