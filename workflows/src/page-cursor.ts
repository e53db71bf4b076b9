/** Opaque page cursors: what the runtime needs to continue, base64url so it travels in a query string. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Undefined for a cursor this runtime did not make (tampered, or from the other runtime): the first page then. */
export function decodeCursor<T>(cursor: string | undefined, valid: (value: unknown) => value is T): T | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return valid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
