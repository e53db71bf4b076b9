/** The test workflows' registry: what Temporal's workflowsPath points at in specs. */
export * from './test.workflow';
