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
}

/** The lifecycle rules workflow's activities. A round run again after a crash selects only what is still to do. */
export function createLifecycleRulesActivities(deps: LifecycleRulesActivityDeps): LifecycleRulesActivities {
  return {
    applyLifecycleRules: (input) => deps.apply(input),
    continueLifecycleRules: (input) => deps.continueAfter(input),
  };
}
