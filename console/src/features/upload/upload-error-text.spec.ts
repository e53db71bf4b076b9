import type { TFunction } from 'i18next';
import { uploadErrorText } from './upload-error-text';
import type { TUploadError } from './upload-error';

const texts: Record<string, string> = {
  'errors.UPLOAD_REJECTED': 'Upload rejected',
  'errors.EXTENSION_BLOCKED': 'Files with {{suffix}} extension cannot be uploaded',
  'errors.UPLOAD_FORBIDDEN': 'You do not have permission to upload',
  'upload.failed': 'Upload failed',
  'upload.connectionLost': 'The connection to the server was lost.',
};
const t = ((key: string, params?: Record<string, string>) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params?.[name] ?? '')) as unknown as TFunction;
const hasText = (key: string) => key in texts;

const error = (patch: Partial<TUploadError>): TUploadError => ({
  kind: 'rejected',
  status: 422,
  code: null,
  params: {},
  serverMessage: null,
  ...patch,
});

describe('uploadErrorText', () => {
  it('titles a refusal "Upload rejected" with the translated reason', () => {
    expect(
      uploadErrorText(t, error({ code: 'EXTENSION_BLOCKED', params: { suffix: '.exe' }, serverMessage: 'x' }), hasText),
    ).toEqual({ title: 'Upload rejected', message: 'Files with .exe extension cannot be uploaded' });
    expect(uploadErrorText(t, error({ status: 403, code: 'UPLOAD_FORBIDDEN' }), hasText)).toEqual({
      title: 'Upload rejected',
      message: 'You do not have permission to upload',
    });
  });

  it('shows the server’s message for a code without a translation, and no repeat of the title', () => {
    expect(uploadErrorText(t, error({ code: 'NEW_CODE', serverMessage: 'Too long' }), hasText).message).toBe(
      'Too long',
    );
    expect(
      uploadErrorText(
        t,
        error({ code: 'UPLOAD_REJECTED', serverMessage: 'Files with .bat extension cannot be uploaded' }),
        hasText,
      ).message,
    ).toBe('Files with .bat extension cannot be uploaded');
    expect(
      uploadErrorText(t, error({ code: 'UPLOAD_REJECTED', serverMessage: 'Upload rejected' }), hasText).message,
    ).toBe('');
  });

  it('says a lost connection can go on', () => {
    expect(uploadErrorText(t, error({ kind: 'failed', status: null }), hasText)).toEqual({
      title: 'Upload failed',
      message: 'The connection to the server was lost.',
    });
  });
});
