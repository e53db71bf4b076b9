/**
 * Where the folders page toolbar hosts the upload button: the upload feature renders its button here for the folder
 * the user is looking at. Until it does, the toolbar shows nothing in its place.
 */
export function FolderUploadSlot(_props: { folderId: string }) {
  return null;
}
