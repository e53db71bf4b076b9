import { canDeactivateForm, canDeleteField, canDeleteForm, type TFormField, type TMetadataForm } from '@mam/core';

/**
 * Why an action is not offered, as the error code whose translated message the disabled control's tooltip quotes;
 * null when it is allowed. The rules are core's, so the console refuses exactly what the server would.
 */
export function deleteFormBlockedBy(form: Pick<TMetadataForm, 'builtIn'>): 'FORM_BUILT_IN_DELETE' | null {
  return canDeleteForm(form) ? null : 'FORM_BUILT_IN_DELETE';
}

/** Only an active form can be stopped from being deactivated; switching one back on is always allowed. */
export function deactivateFormBlockedBy(
  form: Pick<TMetadataForm, 'builtIn' | 'active'>,
): 'FORM_BUILT_IN_DEACTIVATE' | null {
  return !form.active || canDeactivateForm(form) ? null : 'FORM_BUILT_IN_DEACTIVATE';
}

export function deleteFieldBlockedBy(field: Pick<TFormField, 'systemDefaultField'>): 'FIELD_SYSTEM_DELETE' | null {
  return canDeleteField(field) ? null : 'FIELD_SYSTEM_DELETE';
}
