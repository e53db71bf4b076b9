import { currentActivityInfo } from './activity-context';

/** The logger the runtimes write to (pino's shape, as the api's ServiceLogger). */
export interface TWorkflowLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/**
 * The logger for activity code: a line written while an activity runs carries the run's workflowId and requestId
 * (the request that started the run) and the activity's type, so the work an upload caused is found by its ids.
 */
export function withActivityContext(logger: TWorkflowLogger): TWorkflowLogger {
  const fields = (object: Record<string, unknown>) => {
    const info = currentActivityInfo();
    return info
      ? { workflowId: info.workflowId, requestId: info.requestId, activityType: info.activityType, ...object }
      : object;
  };
  return {
    info: (object, message) => logger.info(fields(object), message),
    warn: (object, message) => logger.warn(fields(object), message),
    error: (object, message) => logger.error(fields(object), message),
  };
}
