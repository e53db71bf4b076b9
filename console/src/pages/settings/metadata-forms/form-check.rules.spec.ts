import { builtInForm, defaultUsageRuleContext, defaultUsageRuleGroup } from '@mam/core';
import {
  checkFormDraft,
  fieldIndexOfPath,
  issuesAt,
  issuesUnder,
  tabOfPath,
  type TCheckContext,
} from './form-check.rules';
import { emptyFormDraft, newField, type TFormDraft } from './form-draft.model';

const none: TCheckContext = { otherForms: [], previous: null };

function draft(overrides: Partial<TFormDraft> = {}): TFormDraft {
  return { ...emptyFormDraft(), id: 'sports', label: 'Sports', ...overrides };
}

const codes = (issues: Array<{ path: string; code: string }>) => issues.map(({ path, code }) => `${path} ${code}`);

describe('checkFormDraft', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(checkFormDraft(draft({ fields: [newField('Text', [], 'Text')] }), none)).toEqual([]);
  });

  it("reports core's administration rules with their codes and paths", () => {
    const checkbox = { ...newField('Checkbox', [], 'Approved'), required: true };
    const button = { ...newField('Button', [checkbox], 'Send'), readOnly: true };
    expect(codes(checkFormDraft(draft({ label: 'Sports.', fields: [checkbox, button] }), none))).toEqual([
      'label FORM_LABEL_INVALID',
      'fields.0.required FIELD_CHECKBOX_REQUIRED',
      'fields.1.readOnly FIELD_BUTTON_FLAGS',
    ]);
  });

  it('still applies the rules while another setting is blank', () => {
    const checkbox = { ...newField('Checkbox', [], 'Approved'), required: true };
    expect(codes(checkFormDraft(draft({ label: '', fields: [checkbox] }), none))).toEqual([
      'label VALIDATION_FAILED',
      'fields.0.required FIELD_CHECKBOX_REQUIRED',
    ]);
  });

  it('keeps the code core gives an empty group restriction', () => {
    expect(codes(checkFormDraft(draft({ visibleTo: [] }), none))).toEqual(['visibleTo SELECTED_GROUPS_EMPTY']);
  });

  it('compares names and keys with the other forms, not with the stored version of itself', () => {
    const common = builtInForm('common');
    const context = { otherForms: [common], previous: null };
    expect(codes(checkFormDraft(draft({ label: 'common ' }), context))).toEqual(['label FORM_NAME_TAKEN']);
    expect(codes(checkFormDraft(draft({ id: 'common' }), context))).toEqual(['id FORM_KEY_TAKEN']);
    expect(checkFormDraft(common, { otherForms: [common], previous: common })).toEqual([]);
  });

  it('notices a system default field removed from the stored form', () => {
    const stored = builtInForm('qualityControl');
    const edited = { ...stored, fields: stored.fields.slice(1) };
    expect(codes(checkFormDraft(edited, { otherForms: [stored], previous: stored }))).toEqual([
      'fields FIELD_SYSTEM_DELETE',
    ]);
  });

  it('checks usage rule groups with their own codes', () => {
    const group = defaultUsageRuleGroup({ key: 'rights', label: '' });
    const context = {
      ...defaultUsageRuleContext('Norway'),
      validity: {
        from: { offsetFrom: 'forever' as const, untilNumberOfDays: null, absoluteDate: null },
        to: { offsetFrom: 'ingest_time' as const, untilNumberOfDays: null, absoluteDate: null },
      },
    };
    expect(codes(checkFormDraft(draft({ usageRules: [{ ...group, contexts: [context] }] }), none))).toEqual([
      'usageRules.0.identifier.label USAGE_RULE_IDENTIFIER_REQUIRED',
      'usageRules.0.contexts.0.validity.to.untilNumberOfDays USAGE_RULE_DAYS_INVALID',
    ]);
  });

  it('reports a shape problem deep in a field at its own path', () => {
    const choice = { ...newField('Choice', [], 'Sport'), alternatives: [{ value: '', label: 'Football' }] };
    expect(codes(checkFormDraft(draft({ fields: [choice] }), none))).toEqual([
      'fields.0.alternatives.0.value VALIDATION_FAILED',
    ]);
  });
});

describe('issue lookup', () => {
  const issues = [
    { path: 'fields', code: 'FIELD_SYSTEM_DELETE', message: '' },
    { path: 'fields.1.required', code: 'FIELD_CHECKBOX_REQUIRED', message: '' },
    { path: 'fields.10.label', code: 'VALIDATION_FAILED', message: '' },
  ];

  it('finds issues at a path and under it', () => {
    expect(issuesAt(issues, 'fields')).toHaveLength(1);
    expect(issuesUnder(issues, 'fields.1').map(({ path }) => path)).toEqual(['fields.1.required']);
    expect(issuesUnder(issues, 'fields')).toHaveLength(3);
  });

  it('knows the tab and the field of a path', () => {
    expect(
      ['label', 'fields.2.required', 'views.item.0.label', 'viewSections.0.label', 'usageRules.0'].map(tabOfPath),
    ).toEqual(['general', 'fields', 'views', 'sections', 'usageRules']);
    expect(['fields.12.required', 'fields.3', 'fields', 'label'].map(fieldIndexOfPath)).toEqual([12, 3, null, null]);
  });
});
