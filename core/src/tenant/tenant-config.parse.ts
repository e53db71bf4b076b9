import { AppError } from '../errors/app-error';
import { toAppIssues } from '../validation/zod-issues';
import { ZTenantConfig, type TTenantConfig } from './tenant-config.schema';
import { ZTenantConfigUpdate } from './tenant-config.secrets';

function invalid(error: Parameters<typeof toAppIssues>[0]): AppError {
  return new AppError('INVALID_CONFIGURATION', { issues: toAppIssues(error, 'INVALID_CONFIGURATION') });
}

/**
 * Parses a complete configuration; INVALID_CONFIGURATION carries one issue per bad field (dotted path).
 * - Without `previous` (reading storage, seeding): secrets must be plain strings or null.
 * - With `previous` (tenantConfig.update): the redacted form is accepted too, and a secret sent back as its
 *   `{ set }` marker keeps the stored value; a string replaces it, null or '' removes it.
 */
export function parseTenantConfig(input: unknown, previous?: TTenantConfig): TTenantConfig {
  if (previous === undefined) {
    const parsed = ZTenantConfig.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data;
  }
  const parsed = ZTenantConfigUpdate.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { apiKey } = parsed.data.speechToText;
  const keptKey = typeof apiKey === 'object' && apiKey !== null ? previous.speechToText.apiKey : apiKey;
  return { ...parsed.data, speechToText: { ...parsed.data.speechToText, apiKey: keptKey } };
}
