import { formatByteSize, uploadAllowance, uploadRefusal, type UploadLimits } from './upload-limits';

const limits: UploadLimits = { maxUploadBytes: 1000, quotaBytes: 5000, usedBytes: 4000 };

describe('uploadRefusal', () => {
  it.each<[number | null, UploadLimits, string | null]>([
    [1000, limits, null],
    [1001, limits, 'UPLOAD_TOO_LARGE'],
    [1000, { ...limits, usedBytes: 4001 }, 'STORAGE_QUOTA_EXCEEDED'],
    [null, { ...limits, usedBytes: 4999 }, null],
    [null, { ...limits, usedBytes: 5000 }, 'STORAGE_QUOTA_EXCEEDED'],
    [10 ** 12, { maxUploadBytes: 1024 ** 4, quotaBytes: null, usedBytes: 10 ** 15 }, null],
  ])('%j bytes with %j → %s', (size, given, code) => {
    expect(uploadRefusal(size, given)?.code ?? null).toBe(code);
  });

  it("says 'Upload rejected' and the limit", () => {
    expect(uploadRefusal(2 * 1024 ** 4, { ...limits, maxUploadBytes: 1024 ** 4 })?.message).toBe(
      'Upload rejected: files may be at most 1 TiB',
    );
  });
});

describe('uploadAllowance', () => {
  it('is the file limit or what the quota leaves, whichever is less, never below zero', () => {
    expect(uploadAllowance(limits)).toBe(1000);
    expect(uploadAllowance({ ...limits, usedBytes: 4500 })).toBe(500);
    expect(uploadAllowance({ ...limits, usedBytes: 6000 })).toBe(0);
    expect(uploadAllowance({ ...limits, quotaBytes: null })).toBe(1000);
  });
});

describe('formatByteSize', () => {
  it.each([
    [0, '0 bytes'],
    [1536, '1.5 KiB'],
    [1024 ** 4, '1 TiB'],
  ])('%d → %s', (bytes, text) => expect(formatByteSize(bytes)).toBe(text));
});
