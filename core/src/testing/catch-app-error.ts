import { AppError } from '../errors/app-error';

/** Test helper: runs `action` and returns the AppError it throws; fails the test on anything else. */
export function catchAppError(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('Expected an AppError, but nothing was thrown');
}
