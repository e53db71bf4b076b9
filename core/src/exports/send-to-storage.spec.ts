import { isSendToStorageTarget, numberedFileName, originalExtension, sendToStorageFileName } from './send-to-storage';

describe('sendToStorageFileName', () => {
  it('names the file after the title with the original extension', () => {
    expect(sendToStorageFileName('Cup final 2026', 'CAM_A_0001.MXF')).toBe('Cup final 2026.mxf');
    expect(sendToStorageFileName('Kampen på Brann', 'clip.mov')).toBe('Kampen på Brann.mov');
  });

  it('leaves no path separator, control character or leading dot', () => {
    expect(sendToStorageFileName('../../etc/passwd', 'a.mp4')).toBe('_.._etc_passwd.mp4');
    expect(sendToStorageFileName('a\\b/c', 'a.mp4')).toBe('a_b_c.mp4');
    expect(sendToStorageFileName('line\nbreak\u0007bell\u009b', 'a.mp4')).toBe('line_break_bell_.mp4');
    expect(sendToStorageFileName('...hidden', 'a.mp4')).toBe('hidden.mp4');
    expect(sendToStorageFileName('trailing dots. . ', 'a.wav')).toBe('trailing dots.wav');
    expect(sendToStorageFileName('Cup final: "live" <1>?*|', 'a.mp4')).toBe('Cup final_ _live_ _1_.mp4');
  });

  it('falls back to the original name, then to "item", and avoids reserved names', () => {
    expect(sendToStorageFileName('   ', 'Interview take 2.wav')).toBe('Interview take 2.wav');
    expect(sendToStorageFileName('..', '.mp4')).toBe('mp4');
    expect(sendToStorageFileName('..', '')).toBe('item');
    expect(sendToStorageFileName('CON', 'a.mp4')).toBe('_CON.mp4');
  });

  it('keeps only an extension of letters and digits', () => {
    expect(originalExtension('a.tar.GZ')).toBe('gz');
    expect(originalExtension('noextension')).toBe('');
    expect(originalExtension('.bashrc')).toBe('');
    expect(originalExtension('a.m p4')).toBe('');
    expect(originalExtension('dir.d/file')).toBe('');
    expect(sendToStorageFileName('Title', 'weird.ext/../x')).toBe('Title');
  });

  it('caps the length, keeping the extension and whole code points', () => {
    const name = sendToStorageFileName('x'.repeat(300), 'a.mp4', 40);
    expect(name).toBe(`${'x'.repeat(36)}.mp4`);
    expect(sendToStorageFileName('😀'.repeat(30), 'a.mp4', 20)).toBe(`${'😀'.repeat(16)}.mp4`);
    expect([...sendToStorageFileName('y'.repeat(300), 'a.mp4')].length).toBe(255);
    // A cap below the tenant configuration's minimum is not honoured to the point of losing the title.
    expect(sendToStorageFileName('abcdefghijklmnopqrstuvwxyz', 'a.mp4', 3)).toBe('abcdefghijkl.mp4');
  });
});

describe('numberedFileName', () => {
  it('numbers before the extension and stays within the cap', () => {
    expect(numberedFileName('Cup final.mp4', 1)).toBe('Cup final.mp4');
    expect(numberedFileName('Cup final.mp4', 2)).toBe('Cup final (2).mp4');
    expect(numberedFileName('noext', 3)).toBe('noext (3)');
    expect(numberedFileName(`${'x'.repeat(36)}.mp4`, 12, 40)).toBe(`${'x'.repeat(31)} (12).mp4`);
  });
});

describe('isSendToStorageTarget', () => {
  it('takes export locations only, never the archive or cold storage', () => {
    expect(isSendToStorageTarget(['export'])).toBe(true);
    expect(isSendToStorageTarget(['upload', 'export'])).toBe(true);
    expect(isSendToStorageTarget(['upload', 'generated'])).toBe(false);
    expect(isSendToStorageTarget(['archive', 'export'])).toBe(false);
    expect(isSendToStorageTarget(['cold', 'export'])).toBe(false);
    expect(isSendToStorageTarget([])).toBe(false);
  });
});
