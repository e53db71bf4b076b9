import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** HMAC-SHA256 (base64url) under a key derived from the secret key, for links that must not be forged. */
  sign(data: string): string;
}

/** AES-256-GCM for secrets the server must read back (TOTP seeds, SSO client secrets, storage keys). */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  // A separate key for signing, so a signature never doubles as anything sealed with the encryption key.
  const signingKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'mam-signing', 32));
  return {
    sign(data) {
      return createHmac('sha256', signingKey).update(data).digest('base64url');
    },
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** SECRET_KEY when given, else a key generated once into the data directory (readable by the owner only). */
export function loadSecretKey(secretKeyHex: string | undefined, dataDir: string): Buffer {
  if (secretKeyHex) return Buffer.from(secretKeyHex, 'hex');
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
