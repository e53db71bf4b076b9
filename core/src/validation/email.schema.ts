import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { formatErrorMessage } from '../errors/error-catalogue';

const message = formatErrorMessage('INVALID_EMAIL');

/**
 * One address, trimmed and lower-cased: the product treats addresses case-insensitively (login, invitations,
 * uniqueness), so they are stored and compared in one form. 254 is the SMTP limit for a whole address.
 */
export const ZEmail = z.string().trim().toLowerCase().max(254, message).pipe(z.email(message));

/**
 * Splits what a user typed into an e-mail field: addresses separated by spaces, commas or semicolons (spec section 5).
 * Returns normalised addresses without duplicates, in the order typed; blank input gives []. Any invalid entry
 * raises INVALID_EMAIL 'Invalid email address' with params.email = the first bad entry, params.invalid = all bad
 * entries joined by ', ', and one issue per bad entry whose path is its position among the entries.
 */
export function parseEmailList(text: string): string[] {
  const entries = text.split(/[\s,;]+/).filter((entry) => entry !== '');
  const bad = entries.flatMap((entry, index) => (ZEmail.safeParse(entry).success ? [] : [{ entry, index }]));
  const [firstBad] = bad;
  if (firstBad !== undefined) {
    throw new AppError('INVALID_EMAIL', {
      params: { email: firstBad.entry, invalid: bad.map(({ entry }) => entry).join(', ') },
      issues: bad.map(({ index }) => ({ path: String(index), code: 'INVALID_EMAIL', message })),
    });
  }
  return [...new Set(entries.map((entry) => ZEmail.parse(entry)))];
}
