/** Raw UTF-8 bytes per encoded word: 45 bytes are 60 base64 characters, within RFC 2047's 75 with the wrapper. */
const BYTES_PER_WORD = 45;

/**
 * A header value as RFC 2047 encoded words when it is not plain ASCII (Norwegian and French subjects), folded onto
 * continuation lines; ASCII passes unchanged. Words never split a character.
 */
export function encodeHeaderValue(value: string): string {
  // Printable ASCII only; anything else (including control characters) goes encoded.
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let bytes: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    words.push(`=?UTF-8?B?${Buffer.concat(bytes).toString('base64')}?=`);
    bytes = [];
    size = 0;
  };
  for (const character of value) {
    const encoded = Buffer.from(character, 'utf8');
    if (size + encoded.length > BYTES_PER_WORD) flush();
    bytes.push(encoded);
    size += encoded.length;
  }
  flush();
  return words.join('\r\n ');
}
