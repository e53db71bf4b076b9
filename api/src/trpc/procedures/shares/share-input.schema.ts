import { z } from 'zod';

/** The settings of a share the owner chooses; limits are checked against the tenant's maximums in the service. */
export const ZShareSettings = z.object({
  pageTitle: z.string().max(200),
  /** Empty or null: no password. */
  password: z.string().max(256).nullable().optional(),
  /** Null: the latest the tenant allows. */
  expiresAt: z.coerce.date().nullable().optional(),
  /** Null: as many as the tenant allows. */
  maxViews: z.number().int().min(1).nullable().optional(),
  allowDownload: z.boolean().optional(),
  metadataAccess: z.enum(['none', 'view', 'edit']).optional(),
  allowComments: z.boolean().optional(),
  webProxy: z.boolean().optional(),
  editProxy: z.boolean().optional(),
  highRes: z.boolean().optional(),
  message: z.string().max(5000).nullable().optional(),
});
export type TShareSettingsInput = z.infer<typeof ZShareSettings>;

export const ZShareId = z.object({ id: z.uuid() });
export type TShareIdInput = z.infer<typeof ZShareId>;
