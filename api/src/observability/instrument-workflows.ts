import { currentActivityInfo, type WorkflowEngine } from '@mam/workflows';
import { activityDuration, activityFailures, metricsEnabled } from './metrics';
import { activeTraceParent, inSpan } from './tracing';

type TAsyncFunction = (...args: never[]) => Promise<unknown>;

/**
 * The activities with their metrics (duration by outcome, failures) and, with tracing on, a span each: a child of
 * the span that started the run (its traceparent travels with the activity task on the embedded runtime), so an
 * upload's request and its transcode's activities are one trace. Wrapping the functions, not a runtime, counts them
 * the same on the embedded runtime and on Temporal's workers.
 */
export function instrumentActivities<A extends object>(activities: A): A {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(activities)) {
    if (typeof value !== 'function') {
      wrapped[name] = value;
      continue;
    }
    const fn = value as TAsyncFunction;
    wrapped[name] = async (...args: never[]) => {
      const info = currentActivityInfo();
      const run = () =>
        inSpan(
          `activity ${name}`,
          { 'mam.workflow_id': info?.workflowId, 'mam.activity_type': name, 'mam.attempt': info?.attempt },
          () => fn(...args),
          info?.traceParent,
        );
      if (!metricsEnabled()) return run();
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const result = await run();
        activityDuration.observe({ activity_type: name, outcome: 'completed' }, seconds());
        return result;
      } catch (error) {
        activityDuration.observe({ activity_type: name, outcome: 'failed' }, seconds());
        activityFailures.inc({ activity_type: name });
        throw error;
      }
    };
  }
  return wrapped as A;
}

/**
 * The engine with a span around starting a run, whose traceparent the run keeps for its activities. Other calls
 * pass through.
 */
export function instrumentEngine(engine: WorkflowEngine): WorkflowEngine {
  return new Proxy(engine, {
    get(target, property, receiver) {
      if (property !== 'start') return Reflect.get(target, property, receiver) as unknown;
      const start: WorkflowEngine['start'] = (workflowType, options) =>
        inSpan(
          `workflow.start ${workflowType}`,
          {
            'mam.workflow_id': options.workflowId,
            'mam.workflow_type': workflowType,
            'mam.task_queue': options.taskQueue,
          },
          () => target.start(workflowType, { ...options, traceParent: options.traceParent ?? activeTraceParent() }),
        );
      return start;
    },
  });
}
