import type { FormViewId, TFormField, TMetadataForm, TViewSetting } from '@mam/core';

export interface TLaidOutField {
  field: TFormField;
  /** The view's label when it overrides the field's. */
  label: string;
  setting: TViewSetting | undefined;
}

export interface TFormSectionLayout {
  sectionId: string | null;
  label: string | null;
  fields: TLaidOutField[];
}

/**
 * The fields a view shows, in form order, split into sections: a section starts above the field it names
 * (placeAboveFieldId) and sections at the same field keep their sortOrder. Fields hidden by the field or the view
 * are left out; buttons and files carry no value on a metadata tab.
 */
export function layoutForm(form: TMetadataForm, view: FormViewId): TFormSectionLayout[] {
  const settings = new Map((form.views[view] ?? []).map((setting) => [setting.fieldId, setting]));
  const shown = form.fields
    .filter((field) => field.visible && settings.get(field.fieldId)?.visible !== false)
    .filter((field) => field.type !== 'Button' && field.type !== 'File');
  const sectionsAt = new Map<string, TMetadataForm['viewSections']>();
  for (const section of [...form.viewSections].sort((a, b) => a.sortOrder - b.sortOrder)) {
    const key = section.placeAboveFieldId ?? '';
    sectionsAt.set(key, [...(sectionsAt.get(key) ?? []), section]);
  }
  const layout: TFormSectionLayout[] = [{ sectionId: null, label: null, fields: [] }];
  for (const section of sectionsAt.get('') ?? [])
    layout.push({ sectionId: section.sectionId, label: section.label, fields: [] });
  for (const field of shown) {
    for (const section of sectionsAt.get(field.fieldId) ?? []) {
      layout.push({ sectionId: section.sectionId, label: section.label, fields: [] });
    }
    const setting = settings.get(field.fieldId);
    layout[layout.length - 1]!.fields.push({ field, label: setting?.label ?? field.label, setting });
  }
  return layout.filter((section) => section.fields.length > 0);
}
