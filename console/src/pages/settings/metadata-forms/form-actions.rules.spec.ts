import { builtInForm } from '@mam/core';
import { deactivateFormBlockedBy, deleteFieldBlockedBy, deleteFormBlockedBy } from './form-actions.rules';

describe('form actions', () => {
  it('names the rule that keeps a built-in form from being deleted', () => {
    expect(deleteFormBlockedBy(builtInForm('common'))).toBe('FORM_BUILT_IN_DELETE');
    expect(deleteFormBlockedBy(builtInForm('restrictedMaterial'))).toBe('FORM_BUILT_IN_DELETE');
    expect(deleteFormBlockedBy(builtInForm('qualityControl'))).toBeNull();
    expect(deleteFormBlockedBy({ builtIn: null })).toBeNull();
  });

  it('blocks deactivating only the forms that must stay active, and never reactivating', () => {
    expect(deactivateFormBlockedBy(builtInForm('folderDefault'))).toBe('FORM_BUILT_IN_DEACTIVATE');
    expect(deactivateFormBlockedBy({ builtIn: 'common', active: false })).toBeNull();
    expect(deactivateFormBlockedBy(builtInForm('detectedText'))).toBeNull();
    expect(deactivateFormBlockedBy({ builtIn: null, active: true })).toBeNull();
  });

  it('keeps system default fields', () => {
    expect(deleteFieldBlockedBy({ systemDefaultField: true })).toBe('FIELD_SYSTEM_DELETE');
    expect(deleteFieldBlockedBy({ systemDefaultField: false })).toBeNull();
  });
});
