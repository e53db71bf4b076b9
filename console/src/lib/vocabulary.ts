import {
  builtInFields,
  builtInFormLabel,
  builtInFormTypes,
  builtInGroupNames,
  isAuditAction,
  isPermission,
  type BuiltInFormType,
  type SearchFacet,
} from '@mam/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A name people read, the sentence that explains it, and the stable id (for tooltips, never the main text). */
export interface TWord {
  name: string;
  hint: string;
  id: string;
}

const shipped = builtInFields();
const formTypes: ReadonlySet<string> = new Set(builtInFormTypes);
const isBuiltInForm = (type: unknown): type is BuiltInFormType => typeof type === 'string' && formTypes.has(type);

/**
 * The words for the product's own ids: permissions, audit actions, built-in forms, fields and groups, and search
 * facets. Built-in rows are data a tenant may rename: they are translated only while they still carry the name
 * they were created with, so a name someone typed stays as typed.
 */
export function vocabulary(t: TFunction) {
  const word = (key: string, id: string): TWord => ({ name: t(`${key}.name`), hint: t(`${key}.hint`), id });
  return {
    permission: (id: string): TWord => (isPermission(id) ? word(`permissions.${id}`, id) : { name: id, hint: '', id }),
    /** Events of an action no longer written keep their raw id. */
    auditAction: (id: string): TWord =>
      isAuditAction(id) ? word(`auditActions.${id}`, id) : { name: id, hint: '', id },
    form: (form: { builtIn?: string | null; label: string }): string =>
      isBuiltInForm(form.builtIn) && form.label === builtInFormLabel(form.builtIn)
        ? t(`builtIn.forms.${form.builtIn}.name`)
        : form.label,
    formHint: (form: { builtIn?: string | null }): string | null =>
      isBuiltInForm(form.builtIn) ? t(`builtIn.forms.${form.builtIn}.hint`) : null,
    field: (field: { fieldId: string; label: string }): string =>
      shipped.get(field.fieldId)?.label === field.label ? t(`builtIn.fields.${field.fieldId}.name`) : field.label,
    fieldHint: (field: { fieldId: string; label: string }): string | null =>
      shipped.get(field.fieldId)?.label === field.label ? t(`builtIn.fields.${field.fieldId}.hint`) : null,
    /** A built-in choice field's alternative, while it keeps the label it shipped with. */
    fieldValue: (fieldId: string, value: string, label: string): string =>
      shipped.get(fieldId)?.alternatives.get(value) === label ? t(`builtIn.fieldValues.${fieldId}.${value}`) : label,
    group: (group: { kind?: string | null; name: string }): string =>
      (group.kind === 'organisation' || group.kind === 'administrators') && group.name === builtInGroupNames[group.kind]
        ? t(`builtIn.groups.${group.kind}.name`)
        : group.name,
    groupHint: (group: { kind?: string | null }): string | null =>
      group.kind === 'organisation' || group.kind === 'administrators' ? t(`builtIn.groups.${group.kind}.hint`) : null,
    facet: (id: SearchFacet): TWord => word(`facets.${id}`, id),
  };
}

type TLocalisableForm = {
  builtIn?: string | null;
  label: string;
  fields: ReadonlyArray<{
    fieldId: string;
    label: string;
    alternatives: ReadonlyArray<{ value: string; label: string }>;
  }>;
};

/** A form as the reader sees it: built-in names, field labels and alternatives in their language; nothing else. */
export function localForm<F extends TLocalisableForm>(words: TVocabulary, form: F): F {
  return {
    ...form,
    label: words.form(form),
    fields: form.fields.map((field) => ({
      ...field,
      label: words.field(field),
      alternatives: field.alternatives.map((a) => ({ ...a, label: words.fieldValue(field.fieldId, a.value, a.label) })),
    })),
  };
}

/** Form views ({ id, form }) with their forms localised; for display only, values are saved by fieldId. */
export function localForms<V extends { form: TLocalisableForm }>(words: TVocabulary, views: readonly V[]): V[] {
  return views.map((view) => ({ ...view, form: localForm(words, view.form) }));
}

export type TVocabulary = ReturnType<typeof vocabulary>;

/** The vocabulary in the current language; components re-render when it changes. */
export function useVocabulary(): TVocabulary {
  const { t } = useTranslation();
  return useMemo(() => vocabulary(t), [t]);
}
