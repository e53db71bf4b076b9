export { ArchivePanel } from './archive.panel';
