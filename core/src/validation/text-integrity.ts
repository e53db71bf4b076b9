import { AppError } from '../errors/app-error';

/**
 * Text PostgreSQL cannot store: NUL (text columns refuse it) and UTF-16 surrogates without their partner (no
 * Unicode character; jsonb refuses their escapes, text columns silently turn them into U+FFFD).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isValidText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

function isWalkable(value: object): boolean {
  if (Array.isArray(value)) return true;
  // A plain object of any realm (its prototype is an Object.prototype, whose own prototype is null).
  const prototype: object | null = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The dotted path of the first string (value or object key) in parsed request input that is not valid text, or
 * null when all are. Walks plain objects and arrays only (not buffers or streams), with its own stack, so deeply
 * nested input cannot exhaust the call stack.
 */
export function findInvalidText(input: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isValidText(value)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object' || !isWalkable(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (!isValidText(key)) return childPath;
      pending.push({ value: child, path: childPath });
    }
  }
  return null;
}

/**
 * TEXT_INVALID, with where it was found, for request input holding text the database cannot store. The one check
 * of every route (REST, public pages, uploads and media in a Fastify hook; tRPC in a middleware), run before any
 * handler, so none stores half of such text or answers 500 from deep inside a query.
 */
export function assertValidText(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const path = findInvalidText(value);
    if (path === null) continue;
    const where = path === '' ? part : `${part}.${path}`;
    throw new AppError('TEXT_INVALID', {
      issues: [{ path: where, code: 'TEXT_INVALID', message: 'Contains characters that are not allowed' }],
    });
  }
}
