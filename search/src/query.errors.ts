export const queryErrorCodes = [
  'UNBALANCED_PARENTHESIS',
  'UNTERMINATED_PHRASE',
  'EMPTY_PHRASE',
  'MISSING_OPERAND',
  'MISSING_VALUE',
  'INVALID_RANGE',
  'INVALID_VALUE',
  'INVALID_ESCAPE',
  'UNKNOWN_FIELD',
  'NESTED_FIELD',
  'TOO_DEEPLY_NESTED',
] as const;
export type QueryErrorCode = (typeof queryErrorCodes)[number];

/**
 * A query the user typed that cannot be parsed. Not an AppError: it is the user's input, reported back with where
 * it went wrong (a 0-based offset into the query) so the search box can point at it.
 */
export class QueryParseError extends Error {
  override readonly name = 'QueryParseError';

  constructor(
    readonly code: QueryErrorCode,
    readonly position: number,
    message: string,
  ) {
    super(message);
  }
}

/** Something about a query that still searches but may surprise the user. */
export interface QueryWarning {
  code: 'WILDCARDS_WITH_OPERATORS';
  message: string;
}

export const wildcardsWithOperatorsWarning: QueryWarning = {
  code: 'WILDCARDS_WITH_OPERATORS',
  message: 'Wildcards and operators are mixed: results may not be what you expect.',
};
