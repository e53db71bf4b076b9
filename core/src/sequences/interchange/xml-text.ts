import { singleLine } from './sequence-timing';

/** Text for an XML attribute: escaped, on one line, without the control characters XML 1.0 forbids. */
export function xmlAttr(text: string): string {
  return singleLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
