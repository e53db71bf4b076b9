/**
 * Replays exported histories in Temporal's own workflow sandbox (Worker.runReplayHistories: its Rust core's
 * determinism checks and the real SDK, no server). Node side only: @temporalio/worker loads a native module.
 */
import { Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleWorkflows } from '../temporal/workflow-bundle';
import { historyFromJSON } from './history-json';
import type { TTemporalHistoryJson } from './temporal-history';

/** Temporal's bundler and worker log through this; only their errors matter to a replay. */
export const quietLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Bundling takes most of a replay's time: one bundle per workflows file serves every replay of it. */
const bundles = new Map<string, Promise<WorkflowBundleWithSourceMap>>();

export function workflowBundle(workflowsPath: string): Promise<WorkflowBundleWithSourceMap> {
  let bundle = bundles.get(workflowsPath);
  if (!bundle) {
    bundle = bundleWorkflows(workflowsPath, quietLogger);
    bundles.set(workflowsPath, bundle);
  }
  return bundle;
}

export interface TReplayOutcome {
  workflowId: string;
  /** DeterminismViolationError when the code decided differently than the history holds; ReplayError otherwise. */
  error?: Error;
}

/** Replays each history against the workflow code of `workflowsPath`; one outcome per history, in order. */
export async function replayHistories(
  workflowsPath: string,
  histories: Array<{ workflowId: string; history: TTemporalHistoryJson }>,
): Promise<TReplayOutcome[]> {
  const bundle = await workflowBundle(workflowsPath);
  const outcomes: TReplayOutcome[] = [];
  const results = Worker.runReplayHistories(
    { workflowBundle: bundle },
    histories.map(({ workflowId, history }) => ({ workflowId, history: historyFromJSON(history) })),
  );
  for await (const result of results) {
    outcomes.push({ workflowId: result.workflowId, ...(result.error ? { error: result.error } : {}) });
  }
  return outcomes;
}
