import type {
  LifecycleRoundInput,
  LifecycleRoundSummary,
  LifecycleRulesActivities,
  LifecycleRulesInput,
} from '@mam/workflows';

export interface LifecycleRulesActivityDeps {
  /**
   * Applies the rules through the API's lifecycle rule service: selecting, then archiving or scheduling through the
   * same service functions as a user's bulk action. Each rule records its own result.
   */
  apply(input: LifecycleRoundInput): Promise<LifecycleRoundSummary>;
  /** Starts the tenant's next run after this one closed. */
  continueAfter(input: LifecycleRulesInput): Promise<void>;
  /**
   * The round's housekeeping after the rules: aborts the archive multipart uploads nobody can resume any more. Its
   * failure is logged and left for the next round, never the rules' result.
   */
  cleanup?(tenantId: string): Promise<void>;
  onCleanupFailed?(tenantId: string, error: unknown): void;
}

/**
 * The lifecycle rules workflow's activities (the tenant's scheduled system task). A round run again after a crash
 * selects only what is still to do.
 */
export function createLifecycleRulesActivities(deps: LifecycleRulesActivityDeps): LifecycleRulesActivities {
  return {
    applyLifecycleRules: async (input) => {
      const summary = await deps.apply(input);
      await deps.cleanup?.(input.tenantId).catch((error: unknown) => deps.onCleanupFailed?.(input.tenantId, error));
      return summary;
    },
    continueLifecycleRules: (input) => deps.continueAfter(input),
  };
}
