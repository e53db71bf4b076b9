import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/**
 * The interceptor modules every bundle of our workflows carries, on the workers and in replays alike, so a replay
 * runs the code a worker runs. Resolved beside the package's sources, like workflows.ts (the server's build
 * leaves them there).
 */
export function workflowInterceptorModules(): string[] {
  const root = path.dirname(require.resolve('@mam/workflows/package.json'));
  return [path.join(root, 'src', 'temporal', 'run-context.workflow-interceptors.ts')];
}

export function bundleWorkflows(
  workflowsPath: string,
  logger?: Parameters<typeof bundleWorkflowCode>[0]['logger'],
): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules: workflowInterceptorModules(),
    ...(logger ? { logger } : {}),
  });
}
