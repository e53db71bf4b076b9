import { AppError } from './app-error';
import { errorCatalogue, errorCodes, formatErrorMessage } from './error-catalogue';

describe('AppError', () => {
  it('carries the code, the HTTP status and the catalogue message', () => {
    const error = new AppError('EXPIRY_IN_PAST');
    expect(error.code).toBe('EXPIRY_IN_PAST');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Please select a date in the future');
  });

  it('fills message placeholders', () => {
    const error = new AppError('EXTENSION_BLOCKED', { params: { suffix: '.exe' } });
    expect(error.message).toBe('Files with .exe extension cannot be uploaded');
    expect(error.toJSON()).toEqual({
      code: 'EXTENSION_BLOCKED',
      message: 'Files with .exe extension cannot be uploaded',
      params: { suffix: '.exe' },
    });
  });

  it('quotes the spec verbatim for the access-rule messages', () => {
    expect(formatErrorMessage('OWNER_ONLY_FORBIDDEN')).toBe(
      "Only owner/admins with required permissions are allowed to set access to 'owner only'!",
    );
    expect(formatErrorMessage('GROUP_RESTRICTION_FORBIDDEN')).toBe(
      "User doesn't have enough permissions to restrict visibility to specific groups!",
    );
  });

  it('maps every code to an HTTP error status', () => {
    for (const code of errorCodes) {
      expect(errorCatalogue[code].status).toBeGreaterThanOrEqual(400);
      expect(errorCatalogue[code].status).toBeLessThan(600);
    }
  });
});
