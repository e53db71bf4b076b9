import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token for cookies, sign-in links and API keys (256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Short numeric codes for e-mail: limited attempts make up for the small space. */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** High-entropy secrets are stored as SHA-256; passwords use argon2 instead. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
