/** The tenant whose lifecycle rules a run applies, and how often. */
export interface LifecycleRulesInput {
  tenantId: string;
  /** Milliseconds between two rounds (LIFECYCLE_RULES_INTERVAL_MINUTES; short in tests). */
  intervalMs: number;
  /** Rules asked to run at once ("Run now") before this run started; their round comes first. */
  runNow?: string[];
  /** Rounds before handing over to a fresh run; LIFECYCLE_ROUNDS_PER_RUN unless a test says fewer. */
  rounds?: number;
}

/** Which rules one round applies: the named ones (Run now, even if disabled), or every enabled rule (null). */
export interface LifecycleRoundInput {
  tenantId: string;
  ruleIds: string[] | null;
}

export interface LifecycleRoundSummary {
  rules: number;
  applied: number;
  failed: number;
}

/**
 * The activities of the lifecycle rules workflow, implemented in @mam/workers over the API's lifecycle rule service,
 * so a round archives and schedules through the same code as the bulk actions.
 */
export interface LifecycleRulesActivities {
  applyLifecycleRules(input: LifecycleRoundInput): Promise<LifecycleRoundSummary>;
  /** Starts the tenant's next run once this one has closed (a fresh history); boot starts it when this cannot. */
  continueLifecycleRules(input: LifecycleRulesInput): Promise<void>;
}
