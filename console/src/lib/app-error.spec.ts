import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRPCClientError } from '@trpc/client';
import i18n from 'i18next';
import { errorCodeMessage, errorMessage } from './app-error';

const read = (lng: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../public/locales/${lng}/translation.json`), 'utf8')) as object;

/** A failure as the tRPC client hands it over, carrying the server's AppError. */
function failure(appError: { code: string; message: string; params?: Record<string, string> }) {
  return TRPCClientError.from({
    error: { code: -32600, message: appError.message, data: { code: 'BAD_REQUEST', httpStatus: 400, appError } },
  });
}

describe('error messages', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'nb',
      fallbackLng: 'en',
      resources: { en: { translation: read('en') }, nb: { translation: read('nb') } },
      interpolation: { escapeValue: false },
    });
  });

  it('translates the code with its params', () => {
    const error = failure({ code: 'EXTENSION_BLOCKED', message: 'x', params: { suffix: '.exe' } });
    expect(errorMessage(i18n.t, error)).toBe(i18n.t('errors.EXTENSION_BLOCKED', { suffix: '.exe' }));
    expect(errorMessage(i18n.t, error)).toContain('.exe');
    expect(errorMessage(i18n.t, error)).not.toBe(
      'Files with .exe extension cannot be uploaded', // the Norwegian text, not the English one
    );
  });

  it('falls back to the generic message for unknown codes and for other failures', () => {
    const generic = i18n.t('errors.INTERNAL');
    expect(errorMessage(i18n.t, failure({ code: 'NO_SUCH_CODE', message: 'Boom' }))).toBe(generic);
    expect(errorMessage(i18n.t, new TypeError('Failed to fetch'))).toBe(generic);
    expect(errorCodeMessage(i18n.t, 'errors.INTERNAL')).toBe(generic);
    expect(errorCodeMessage(i18n.t, null)).toBe(generic);
  });
});
