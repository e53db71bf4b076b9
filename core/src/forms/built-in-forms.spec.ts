import { builtInForm, builtInForms } from './built-in-forms';
import { validateFormDefinition } from './metadata-form.rules';
import { builtInFormTypes, isTechnicalField, ZMetadataForm } from './metadata-form.schema';

describe('builtInForms', () => {
  const forms = builtInForms();

  it('seeds the five built-in types once each, active, with their type as id', () => {
    expect(forms.map(({ id, builtIn, active }) => [id, builtIn, active])).toEqual(
      builtInFormTypes.map((type) => [type, type, true]),
    );
  });

  it.each(builtInFormTypes)('%s passes every administration rule beside the others', (type) => {
    const subject = builtInForm(type);
    expect(validateFormDefinition(subject, { otherForms: forms, previous: subject })).toEqual([]);
    expect(ZMetadataForm.parse(subject)).toEqual(subject);
  });

  it('ships only system default fields', () => {
    expect(forms.flatMap(({ fields }) => fields).every((field) => field.systemDefaultField)).toBe(true);
  });

  it('gives the common form a required title, a description, free keywords and technical dates', () => {
    const common = builtInForm('common');
    const byId = new Map(common.fields.map((field) => [field.fieldId, field]));
    expect(byId.get('title')).toMatchObject({ type: 'Text', required: true });
    expect(byId.get('description')).toMatchObject({ type: 'Text', minLines: 3, maxLines: 12 });
    expect(byId.get('keywords')).toMatchObject({ type: 'MultipleChoice', freeEntry: true });
    expect(['createdOn', 'modifiedOn'].map((id) => isTechnicalField(byId.get(id)!))).toEqual([true, true]);
  });

  it('hides the system dates where items are created', () => {
    const common = builtInForm('common');
    expect(common.views.upload?.map(({ fieldId, visible }) => [fieldId, visible])).toEqual([
      ['createdOn', false],
      ['modifiedOn', false],
    ]);
    expect(common.views.item).toEqual([]);
  });

  it('has no required field on the quality control form', () => {
    const qc = builtInForm('qualityControl');
    expect(qc.fields.some(({ required }) => required)).toBe(false);
    expect(qc.fields.map(({ type }) => type)).toEqual(expect.arrayContaining(['Checkbox', 'Choice']));
  });

  it('returns fresh copies', () => {
    const first = builtInForm('common');
    first.fields.pop();
    expect(builtInForm('common').fields).toHaveLength(5);
  });
});
