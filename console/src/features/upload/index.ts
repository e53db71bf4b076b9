export { UploadDropZone, type UploadDropZoneProps } from './upload-drop-zone';
export type {
  TInterruptedUpload,
  TUpload,
  TUploadedListener,
  TUploadsSnapshot,
  TUploadStatus,
  TUploadTarget,
} from './upload-manager';
export type { TUploadError } from './upload-error';
export type { TUploadTotals } from './upload-progress';
export {
  UploadManagerProvider,
  browserStore,
  UploadProvider,
  useOnUploaded,
  useUploadManager,
  useUploadManagerLifecycle,
  useUploads,
  type TUseUploads,
} from './upload.provider';
export { createUploadManager, type TUploadManager, type TKeyValueStore } from './upload-manager';
export { UploadsPanel } from './uploads.panel';
export { HeaderUploadButton, WindowDropTarget, useMayUpload, useUploadDestination } from './upload-anywhere';
export { ItemUploadActions } from './item-upload-actions';
export { UploadFolderSetting } from './upload-folder.setting';
export { HomeGettingStarted } from './home-getting-started';
