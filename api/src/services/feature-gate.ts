import { AppError } from '@mam/core';
import type { AuthedActor } from './actor.service';
import type { ServiceDeps } from './service-deps';

/** The flags (spec section 2) whose feature the server refuses when they are off for the actor's tenant. */
export type TGatedFeature = 'browse' | 'export';

export function createFeatureGate(deps: Pick<ServiceDeps, 'repos'>) {
  return {
    /** FEATURE_DISABLED unless the flag is on for every tenant or granted to the actor's. */
    async assertEnabled(actor: Pick<AuthedActor, 'tenantId'>, feature: TGatedFeature): Promise<void> {
      const enabled = await deps.repos.featureFlags.enabledFor(actor.tenantId);
      if (!enabled.includes(feature)) throw new AppError('FEATURE_DISABLED', { params: { feature } });
    },
  };
}

export type FeatureGate = ReturnType<typeof createFeatureGate>;
