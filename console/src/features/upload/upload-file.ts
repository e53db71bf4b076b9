/** The item title of an upload: the file name without its extension ('clip.final.mxf' → 'clip.final'). */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export interface TFileIdentity {
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

/**
 * tus's resume key for a file. Scoped to the user, so on a shared browser one user's interrupted uploads are neither
 * listed for nor resumed by another.
 */
export function uploadFingerprint(userId: string, file: TFileIdentity): string {
  return [fingerprintPrefix(userId), file.name, file.type, file.size, file.lastModified].join('|');
}

export function fingerprintPrefix(userId: string): string {
  return `mam|${userId}`;
}

/** tus stores resumable uploads in localStorage under `tus::<fingerprint>::<random>`. */
export function storageKeyMatches(urlStorageKey: string, fingerprint: string): boolean {
  return urlStorageKey.startsWith(`tus::${fingerprint}::`);
}

export function isUserStorageKey(urlStorageKey: string, userId: string): boolean {
  return urlStorageKey.startsWith(`tus::${fingerprintPrefix(userId)}|`);
}

/** A cookie's value from `document.cookie`, '' when absent. */
export function readCookie(cookies: string, name: string): string {
  const match = cookies.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : '';
}

/**
 * Whether a file picked to continue an upload is the one that began it: the same name and, when the upload declared
 * it, the same size. (The server would take any bytes at the offset; a different file would corrupt the item.)
 */
export function isSameFile(
  file: Pick<File, 'name' | 'size'>,
  upload: { fileName: string; size: number | null },
): boolean {
  return file.name === upload.fileName && (upload.size === null || file.size === upload.size);
}
