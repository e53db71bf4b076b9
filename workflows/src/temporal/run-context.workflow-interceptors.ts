/**
 * Bundled into Temporal's workflow sandbox beside workflows.ts (workflowInterceptorModules). Deterministic: it only
 * reads the run's memo and adds headers, which Temporal records with each scheduled activity.
 */
import {
  defaultPayloadConverter,
  workflowInfo,
  type ActivityInput,
  type LocalActivityInput,
  type Next,
  type WorkflowInterceptorsFactory,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';
import { withRunContextHeaders } from './run-context-headers';

function withRunContext<T extends ActivityInput | LocalActivityInput>(input: T): T {
  const headers = withRunContextHeaders(input.headers, workflowInfo().memo, (value) =>
    defaultPayloadConverter.toPayload(value),
  );
  return { ...input, headers };
}

class RunContextOutbound implements WorkflowOutboundCallsInterceptor {
  scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
    return next(withRunContext(input));
  }

  scheduleLocalActivity(
    input: LocalActivityInput,
    next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>,
  ) {
    return next(withRunContext(input));
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ outbound: [new RunContextOutbound()] });
