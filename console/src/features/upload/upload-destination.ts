import type { TUpload } from './upload-manager';

export interface TUploadDestination {
  folderId: string;
  folderName: string;
}

/** A folder known to the console (the folder tree's entries). */
export interface TKnownFolder {
  id: string;
  name: string;
  canAddTo: boolean;
}

/**
 * Where a file picked or dropped outside any upload area goes: the folder the user is looking at on the folders page
 * (when they may add to it), else their default upload folder. Null while neither is known yet.
 */
export function uploadDestination(
  location: { pathname: string; search: string },
  folders: readonly TKnownFolder[] | undefined,
  fallback: TUploadDestination | null,
): TUploadDestination | null {
  if (location.pathname === '/folders') {
    const id = new URLSearchParams(location.search).get('folderId');
    const current = id ? folders?.find((folder) => folder.id === id) : undefined;
    if (current?.canAddTo) return { folderId: current.id, folderName: current.name };
  }
  return fallback;
}

/** Only files dragged in from outside the page: a dragged link, text or element carries no "Files" type. */
export function carriesFiles(types: readonly string[] | null | undefined): boolean {
  return !!types && Array.from(types).includes('Files');
}

/** Every upload of the list went through and nothing waits: the tray can fold itself away. */
export function allSucceeded(uploads: readonly Pick<TUpload, 'status'>[], interrupted: number): boolean {
  return uploads.length > 0 && interrupted === 0 && uploads.every((upload) => upload.status === 'done');
}
