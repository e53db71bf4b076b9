import path from 'node:path';
import { defaultWorkflowsPath } from '../create-workflow-runtime';
import { quietLogger } from '../history/history-replay';
import { RUN_CONTEXT_HEADERS } from './run-context-headers';
import { bundleWorkflows } from './workflow-bundle';

/**
 * No Temporal server runs here, but Temporal's bundler does: workflow code (and the seam it imports) must bundle
 * into the sandbox without Node builtins, or a Temporal worker would refuse it at start-up.
 */
describe("Temporal's workflow bundler", () => {
  it.each([
    // The path the runtime hands Temporal, found through the package so that the bundled server finds it too.
    ['the product workflows', defaultWorkflowsPath()],
    ['the test workflows', path.join(__dirname, '../testing/test-workflows.ts')],
  ])(
    'bundles %s',
    async (_name, workflowsPath) => {
      const bundle = await bundleWorkflows(workflowsPath, quietLogger);
      expect(bundle.code.length).toBeGreaterThan(1000);
      expect(bundle.code).not.toMatch(/require\(["']node:/);
      // The run-context interceptor rides along, so activities on Temporal join the run's trace.
      expect(bundle.code).toContain(RUN_CONTEXT_HEADERS.traceParent);
    },
    120_000,
  );
});
