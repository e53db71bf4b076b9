/** The logger the runtimes write to (pino's shape, as the api's ServiceLogger). */
export interface TWorkflowLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}
