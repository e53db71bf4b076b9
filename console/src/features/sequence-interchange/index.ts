export { SequenceExportMenu } from './sequence-export.menu';
export { SequenceImportButton } from './sequence-import.dialog';
