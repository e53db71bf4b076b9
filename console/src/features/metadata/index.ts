export { MetadataFormFields } from './metadata-form-fields';
export { fieldErrorsOf, issueErrors } from './field-errors';
export { layoutForm } from './form-layout';
export { BulkMetadataModal } from './bulk-metadata.modal';
