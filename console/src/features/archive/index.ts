export { ArchivePanel } from './archive.panel';
export { BulkArchiveButton } from './bulk-archive.modal';
