import { parseS3RestoreHeader, s3ObjectReadable, s3RestoreEstimateMs, s3RestoreTier } from './s3-restore';

describe('x-amz-restore', () => {
  it('reads a restore under way', () => {
    expect(parseS3RestoreHeader('ongoing-request="true"')).toEqual({ ongoing: true, expiresAt: null });
  });

  it('reads a finished restore with its expiry', () => {
    expect(parseS3RestoreHeader('ongoing-request="false", expiry-date="Fri, 21 Dec 2012 00:00:00 GMT"')).toEqual({
      ongoing: false,
      expiresAt: new Date('2012-12-21T00:00:00Z'),
    });
  });

  it('reads no header as no restore', () => {
    expect(parseS3RestoreHeader(undefined)).toEqual({ ongoing: false, expiresAt: null });
    expect(parseS3RestoreHeader('')).toEqual({ ongoing: false, expiresAt: null });
  });

  it('refuses what it does not understand instead of calling it readable', () => {
    expect(parseS3RestoreHeader('restored')).toBeNull();
    expect(parseS3RestoreHeader('ongoing-request="false", expiry-date="not a date"')).toBeNull();
    expect(s3ObjectReadable('GLACIER', null)).toBe(false);
  });

  it('tells readable objects by storage class and restore', () => {
    expect(s3ObjectReadable(undefined, null)).toBe(true);
    expect(s3ObjectReadable('STANDARD_IA', null)).toBe(true);
    expect(s3ObjectReadable('GLACIER', parseS3RestoreHeader(undefined))).toBe(false);
    expect(s3ObjectReadable('DEEP_ARCHIVE', parseS3RestoreHeader('ongoing-request="true"'))).toBe(false);
    expect(
      s3ObjectReadable(
        'GLACIER',
        parseS3RestoreHeader('ongoing-request="false", expiry-date="Fri, 21 Dec 2012 00:00:00 GMT"'),
      ),
    ).toBe(true);
  });

  it('maps tiers; Deep Archive has no expedited retrieval', () => {
    expect(s3RestoreTier('express', 'GLACIER')).toBe('Expedited');
    expect(s3RestoreTier('express', 'DEEP_ARCHIVE')).toBe('Standard');
    expect(s3RestoreEstimateMs('express', 'GLACIER')).toBe(5 * 60 * 1000);
    expect(s3RestoreEstimateMs('standard', 'DEEP_ARCHIVE')).toBe(12 * 60 * 60 * 1000);
  });
});
