/**
 * The media itself is unusable (truncated, malformed, undecodable). Retrying cannot help, so activities turn it into
 * a non-retryable failure and the item shows `message` to people; `reason` keeps the tool's own words for logs.
 */
export class MediaError extends Error {
  readonly reason: string;

  constructor(message: string, options: { reason?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MediaError';
    this.reason = options.reason ?? message;
  }
}

export function isMediaError(error: unknown): error is MediaError {
  return error instanceof MediaError;
}

/** Where a logger is optional; the shape of the api's ServiceLogger so it can be passed straight in. */
export interface MediaLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

export const consoleMediaLogger: MediaLogger = {
  warn: (object, message) => console.warn(message, object),
};
