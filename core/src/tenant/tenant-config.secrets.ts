import { z } from 'zod';
import { ZSpeechToText, ZTenantConfig, type TTenantConfig } from './tenant-config.schema';

/** What clients see instead of a secret: only whether one is stored. */
export interface SecretMarker {
  set: boolean;
}

export const ZSecretMarker = z.strictObject({ set: z.boolean() });

export type TRedactedTenantConfig = Omit<TTenantConfig, 'speechToText'> & {
  speechToText: Omit<TTenantConfig['speechToText'], 'apiKey'> & { apiKey: SecretMarker };
};

/** The form of the configuration to return from reads (tenantConfig.get and update). */
export function redactTenantConfig(config: TTenantConfig): TRedactedTenantConfig {
  return { ...config, speechToText: { ...config.speechToText, apiKey: { set: config.speechToText.apiKey !== null } } };
}

/**
 * What tenantConfig.update accepts: the redacted form round-trips. A secret is a string (replace it), null (remove
 * it) or the marker (keep the stored one, whatever `set` says), so a client never has to know the secret.
 */
export const ZTenantConfigUpdate = ZTenantConfig.extend({
  speechToText: ZSpeechToText.extend({ apiKey: z.union([ZSecretMarker, ZSpeechToText.shape.apiKey]) }),
});

export type TTenantConfigUpdate = z.input<typeof ZTenantConfigUpdate>;
