/** A failure's own words: activity failures wrap the activity's error as their cause. */
export function messageOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && (current as { cause?: unknown }).cause instanceof Error) {
    current = (current as { cause?: unknown }).cause;
  }
  return current instanceof Error ? current.message : String(error);
}
