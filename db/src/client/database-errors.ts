/**
 * A unique constraint refused the write (SQLSTATE 23505), optionally a named one. Drizzle wraps the driver's error
 * in `cause`; PGlite and node-postgres both carry `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && (constraint === undefined || cause.constraint === constraint);
}
