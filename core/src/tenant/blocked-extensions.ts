/**
 * The blocked extension a file name ends with, or null when the upload may go ahead. An empty list blocks nothing
 * (spec section 5). `blocked` holds normalised extensions as stored in the tenant config ('exe', 'tar.gz').
 * Case is ignored, and trailing dots and spaces are dropped first because Windows drops them too ('x.exe .' runs).
 * The longest match wins so the error names 'tar.gz' rather than 'gz'. For the EXTENSION_BLOCKED message pass
 * `{ suffix: '.' + extension }`.
 */
export function blockedExtensionOf(fileName: string, blocked: readonly string[]): string | null {
  const name = fileName.toLowerCase().replace(/[.\s]+$/, '');
  const matches = blocked.filter((extension) => extension !== '' && name.endsWith(`.${extension.toLowerCase()}`));
  if (matches.length === 0) return null;
  return matches.reduce((longest, extension) => (extension.length > longest.length ? extension : longest));
}
