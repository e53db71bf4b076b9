import { uploadErrorOf } from './upload-error';

describe('uploadErrorOf', () => {
  it('reads an AppError body of a refused upload', () => {
    const body = JSON.stringify({
      code: 'EXTENSION_BLOCKED',
      message: 'Files with .exe extension cannot be uploaded',
      params: { suffix: '.exe', nested: { no: 1 } },
    });
    expect(uploadErrorOf(422, body)).toEqual({
      kind: 'rejected',
      status: 422,
      code: 'EXTENSION_BLOCKED',
      params: { suffix: '.exe' },
      serverMessage: 'Files with .exe extension cannot be uploaded',
    });
  });

  it("names the first refused form value's rule rather than the generic refusal", () => {
    const body = JSON.stringify({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid.',
      issues: [
        { path: 'channel', code: 'INVALID_CHOICE_VALUE', message: 'Invalid value found - please select a new one.' },
      ],
    });
    expect(uploadErrorOf(400, body)).toMatchObject({ kind: 'rejected', code: 'INVALID_CHOICE_VALUE' });
  });

  it('treats every 4xx as a refusal and keeps a plain-text answer as the message', () => {
    expect(uploadErrorOf(403, JSON.stringify({ code: 'UPLOAD_FORBIDDEN', message: 'x' }))).toMatchObject({
      kind: 'rejected',
      code: 'UPLOAD_FORBIDDEN',
    });
    expect(uploadErrorOf(413, 'Maximum size exceeded\n')).toEqual({
      kind: 'rejected',
      status: 413,
      code: null,
      params: {},
      serverMessage: 'Maximum size exceeded',
    });
  });

  it('treats server errors and lost connections as failures worth another try', () => {
    expect(uploadErrorOf(500, JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong.' }))).toMatchObject({
      kind: 'failed',
      code: 'INTERNAL',
    });
    expect(uploadErrorOf(null, null)).toEqual({
      kind: 'failed',
      status: null,
      code: null,
      params: {},
      serverMessage: null,
    });
    // XHR reports a connection that never answered as status 0.
    expect(uploadErrorOf(0, '')).toMatchObject({ kind: 'failed', status: null });
  });

  it('ignores codes that are not error codes', () => {
    expect(uploadErrorOf(400, JSON.stringify({ code: '<script>' })).code).toBeNull();
  });
});
