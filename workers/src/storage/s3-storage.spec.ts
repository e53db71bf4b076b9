import { s3ErrorToStorageError } from './s3-storage';

function sdkError(name: string, status?: number, message = name) {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });
}

describe('s3ErrorToStorageError', () => {
  const where = { bucket: 'media', key: 'a/b.mp4' };

  it.each([
    ['InvalidAccessKeyId', 403, 'invalid_credentials', /access key is not known/],
    ['SignatureDoesNotMatch', 403, 'invalid_credentials', /secret key does not match/],
    ['ExpiredToken', 400, 'invalid_credentials', /expired/],
    ['CredentialsProviderError', undefined, 'invalid_credentials', /no credentials/],
    ['NoSuchBucket', 404, 'bucket_not_found', /"media" does not exist/],
    ['NoSuchKey', 404, 'not_found', /a\/b\.mp4/],
    ['AccessDenied', 403, 'access_denied', /denied/],
    ['PermanentRedirect', 301, 'wrong_region', /different region/],
    ['InvalidRange', 416, 'invalid_range', /range/],
    ['TimeoutError', undefined, 'unreachable', /in time/],
  ])('maps %s (%s) to %s', (name, status, reason, message) => {
    const mapped = s3ErrorToStorageError(sdkError(name, status), where);
    expect(mapped.reason).toBe(reason);
    expect(mapped.message).toMatch(message);
  });

  it('tells a missing bucket from a missing object by whether a key was asked for', () => {
    expect(s3ErrorToStorageError(sdkError('NotFound', 404), { bucket: 'media' }).reason).toBe('bucket_not_found');
    expect(s3ErrorToStorageError(sdkError('NotFound', 404), where).reason).toBe('not_found');
    expect(s3ErrorToStorageError(sdkError('UnknownError', 404), where).reason).toBe('not_found');
    expect(s3ErrorToStorageError(sdkError('403', 403), { bucket: 'media' }).reason).toBe('access_denied');
  });

  it('finds socket errors by code or inside the SDK wrapper message', () => {
    expect(s3ErrorToStorageError(Object.assign(new Error('x'), { code: 'ENOTFOUND' }), where)).toMatchObject({
      reason: 'unreachable',
      message: 'The storage endpoint cannot be reached (ENOTFOUND).',
    });
    const wrapped = sdkError('Error', undefined, 'AWS SDK error wrapper for Error: connect ECONNREFUSED 10.0.0.1:9000');
    expect(s3ErrorToStorageError(wrapped, where).reason).toBe('unreachable');
  });

  it('keeps the service message for anything else', () => {
    const mapped = s3ErrorToStorageError(sdkError('SlowDown', 503, 'Please reduce your request rate.'), where);
    expect(mapped).toMatchObject({
      reason: 'failed',
      message: 'The storage service reported an error: Please reduce your request rate.',
    });
  });
});
