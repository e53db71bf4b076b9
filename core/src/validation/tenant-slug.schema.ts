import { z } from 'zod';

/**
 * The organisation short name users type at login. Trimmed and lower-cased first so 'Acme ' finds 'acme'; then
 * 2 to 40 lowercase letters, digits and hyphens, not starting or ending with a hyphen.
 */
export const ZTenantSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/,
    'Use 2 to 40 lowercase letters, digits and hyphens, not starting or ending with a hyphen',
  );

export type TTenantSlug = z.output<typeof ZTenantSlug>;
