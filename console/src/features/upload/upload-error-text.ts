import i18n, { type TFunction } from 'i18next';
import { errorCodeMessage } from '../../lib/app-error';
import type { TUploadError } from './upload-error';

/**
 * Title and text of an upload's error. A refusal reads 'Upload rejected' with the server's reason in the user's
 * language ('Files with .exe extension cannot be uploaded'); a code the console has no text for shows the server's
 * own message. A broken connection says the upload can go on.
 */
export function uploadErrorText(
  t: TFunction,
  error: TUploadError,
  hasText: (key: string) => boolean = (key) => i18n.exists(key),
): { title: string; message: string } {
  if (error.kind === 'rejected') {
    const title = t('errors.UPLOAD_REJECTED');
    const known = error.code && error.code !== 'UPLOAD_REJECTED' && hasText(`errors.${error.code}`);
    const message = known
      ? t(`errors.${error.code}`, error.params)
      : error.serverMessage && error.serverMessage !== title
        ? error.serverMessage
        : '';
    return { title, message };
  }
  return {
    title: t('upload.failed'),
    message: error.status === null ? t('upload.connectionLost') : errorCodeMessage(t, error.code, error.params),
  };
}
