import { randomBytes } from 'node:crypto';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses tampered ciphertext and other keys', () => {
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});

describe('secret box signatures', () => {
  it('signs the same data the same way under one key, and differently under another', () => {
    const box = createSecretBox(randomBytes(32));
    expect(box.sign('share-media|a|b')).toBe(box.sign('share-media|a|b'));
    expect(box.sign('share-media|a|b')).not.toBe(box.sign('share-media|a|c'));
    expect(createSecretBox(randomBytes(32)).sign('share-media|a|b')).not.toBe(box.sign('share-media|a|b'));
    expect(box.sign('x')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
