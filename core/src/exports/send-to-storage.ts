/** The shortest cap a tenant may set (tenant configuration's maxExportFileNameLength has the same minimum). */
const MIN_NAME_LENGTH = 16;

/** Names Windows reserves whatever their extension: a share mounted there could not hold the file. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** Letters and digits only, at most 16 of them: what an original's extension may be and stay one. */
const EXTENSION = /^[\p{L}\p{N}]{1,16}$/u;

/** The original's extension (lower case, no dot) from its file name, or '' when it has none worth keeping. */
export function originalExtension(originalFileName: string): string {
  const base = originalFileName.slice(
    Math.max(originalFileName.lastIndexOf('/'), originalFileName.lastIndexOf('\\')) + 1,
  );
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = base
    .slice(dot + 1)
    .normalize('NFC')
    .toLowerCase();
  return EXTENSION.test(extension) ? extension : '';
}

/** A title as a file name's stem: no path separators, control characters or leading dots, spaces collapsed. */
function cleanStem(title: string): string {
  return (
    title
      .normalize('NFC')
      // Control characters (C0, DEL, C1) and what Windows, macOS or Linux refuse in a name.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f<>:"/\\|?*]+/g, '_')
      .replace(/\s+/g, ' ')
      // No hidden file, no '.'/'..', and no trailing dot or space (Windows drops them).
      .replace(/^[.\s]+|[.\s]+$/g, '')
  );
}

/** Cut by code point, so a name never ends in half an emoji; trailing dots and spaces go again after the cut. */
function cut(stem: string, room: number): string {
  return [...stem]
    .slice(0, Math.max(1, room))
    .join('')
    .replace(/[.\s]+$/g, '');
}

/**
 * The file name an item's high resolution gets when it is sent to another storage location: the item's title and
 * the original's extension, safe on every file system and as an object key (a single segment: no `/` or `\`, no
 * control characters, no leading dot), at most `maxLength` characters with the extension always intact.
 */
export function sendToStorageFileName(title: string, originalFileName: string, maxLength = 255): string {
  const limit = Math.max(MIN_NAME_LENGTH, maxLength);
  const extension = originalExtension(originalFileName);
  const suffix = extension ? `.${extension}` : '';
  const fromTitle = cleanStem(title);
  const fromFile = cleanStem(
    suffix ? originalFileName.slice(0, originalFileName.length - suffix.length) : originalFileName,
  );
  let stem = cut(fromTitle || fromFile || 'item', limit - suffix.length) || 'item';
  if (RESERVED.test(stem)) stem = `_${stem}`;
  return `${stem}${suffix}`;
}

/**
 * The n-th choice of a name when the first is taken (n ≥ 2): `name (n).ext`, still within `maxLength` (the stem
 * gives way, never the number or the extension). n = 1 is the name itself.
 */
export function numberedFileName(fileName: string, n: number, maxLength = 255): string {
  if (n <= 1) return fileName;
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  const suffix = dot > 0 ? fileName.slice(dot) : '';
  const number = ` (${n})`;
  const room = Math.max(MIN_NAME_LENGTH, maxLength) - suffix.length - number.length;
  return `${cut(stem, room)}${number}${suffix}`;
}

/**
 * Whether a storage location of these types may receive an item sent to it: an export location (one the tenant
 * set up for files leaving the MAM, such as a bucket a playout system or a partner reads), never the archive (which
 * the archive feature owns and moves versions into) nor cold storage (which is not written directly).
 */
export function isSendToStorageTarget(types: readonly string[]): boolean {
  return types.includes('export') && !types.includes('archive') && !types.includes('cold');
}
