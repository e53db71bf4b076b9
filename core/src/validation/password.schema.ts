import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { formatErrorMessage } from '../errors/error-catalogue';

export const PASSWORD_MIN_LENGTH = 10;
// Long enough for any passphrase, short enough that hashing an attacker's megabyte "password" costs nothing.
export const PASSWORD_MAX_LENGTH = 256;

// Counted in characters (code points), so an emoji is one character as the user sees it, not two.
const length = (password: string): number => [...password].length;

/** Passwords are never trimmed or otherwise changed: what the user typed is what gets hashed. */
export const ZPassword = z
  .string()
  .refine((password) => length(password) >= PASSWORD_MIN_LENGTH, formatErrorMessage('WEAK_PASSWORD'))
  .refine((password) => length(password) <= PASSWORD_MAX_LENGTH, formatErrorMessage('PASSWORD_TOO_LONG'));

export function assertPasswordStrength(password: string): void {
  if (length(password) < PASSWORD_MIN_LENGTH) throw new AppError('WEAK_PASSWORD');
  if (length(password) > PASSWORD_MAX_LENGTH) throw new AppError('PASSWORD_TOO_LONG');
}
