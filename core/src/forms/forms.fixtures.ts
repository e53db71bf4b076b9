import { ZMetadataForm, type TFormFieldInput, type TMetadataForm } from './metadata-form.schema';

/** Test fixtures shared by the forms specs. */
export function fieldInput(fieldId: string, overrides: Partial<TFormFieldInput> = {}): TFormFieldInput {
  return { id: `f-${fieldId}`, fieldId, label: fieldId, type: 'Text', ...overrides };
}

/** A parsed, valid custom form; `fields` and other settings as given. */
export function form(overrides: Record<string, unknown> = {}): TMetadataForm {
  return ZMetadataForm.parse({ id: 'sports', label: 'Sports', active: true, ...overrides });
}
