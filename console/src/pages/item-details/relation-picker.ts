/**
 * The search query of the relation picker: plain words find titles as they are typed ('rush' finds 'Rushes.mp4');
 * anything with query syntax in it is searched as written.
 */
export function pickerQuery(text: string): string {
  if (!/^[\p{L}\p{N}\s._-]+$/u.test(text)) return text;
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word}*`)
    .join(' ');
}
