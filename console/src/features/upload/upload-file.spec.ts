import {
  isSameFile,
  isUserStorageKey,
  readCookie,
  storageKeyMatches,
  titleFromFileName,
  uploadFingerprint,
} from './upload-file';

describe('titleFromFileName', () => {
  it.each([
    ['clip.mxf', 'clip'],
    ['clip.final.mp4', 'clip.final'],
    ['no-extension', 'no-extension'],
    ['.hidden', '.hidden'],
    ['folder/sub/clip.mov', 'clip'],
    ['Nyheter 21.00 – Dagsrevyen.mp4', 'Nyheter 21.00 – Dagsrevyen'],
  ])('%j → %j', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });
});

describe('fingerprints', () => {
  const file = { name: 'a.mp4', type: 'video/mp4', size: 10, lastModified: 1700000000000 };

  it('identifies a file for one user', () => {
    expect(uploadFingerprint('u1', file)).toBe('mam|u1|a.mp4|video/mp4|10|1700000000000');
    expect(uploadFingerprint('u2', file)).not.toBe(uploadFingerprint('u1', file));
    expect(uploadFingerprint('u1', { ...file, lastModified: 1 })).not.toBe(uploadFingerprint('u1', file));
  });

  it('matches tus storage keys', () => {
    const key = `tus::${uploadFingerprint('u1', file)}::123456`;
    expect(storageKeyMatches(key, uploadFingerprint('u1', file))).toBe(true);
    expect(storageKeyMatches(key, uploadFingerprint('u1', { ...file, size: 11 }))).toBe(false);
    expect(isUserStorageKey(key, 'u1')).toBe(true);
    expect(isUserStorageKey(key, 'u')).toBe(false);
    expect(isUserStorageKey('tus::tus-br-a.mp4::1', 'u1')).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; mam_csrf=abc%3D; b=2', 'mam_csrf')).toBe('abc=');
    expect(readCookie('mam_csrf=x', 'mam_csrf')).toBe('x');
    expect(readCookie('xmam_csrf=y', 'mam_csrf')).toBe('');
    expect(readCookie('', 'mam_csrf')).toBe('');
  });
});

describe('isSameFile', () => {
  it("takes the file only with the upload's name and declared size", () => {
    expect(isSameFile({ name: 'clip.mxf', size: 10 }, { fileName: 'clip.mxf', size: 10 })).toBe(true);
    expect(isSameFile({ name: 'clip.mxf', size: 10 }, { fileName: 'clip.mxf', size: null })).toBe(true);
    expect(isSameFile({ name: 'clip.mxf', size: 11 }, { fileName: 'clip.mxf', size: 10 })).toBe(false);
    expect(isSameFile({ name: 'other.mxf', size: 10 }, { fileName: 'clip.mxf', size: 10 })).toBe(false);
  });
});
