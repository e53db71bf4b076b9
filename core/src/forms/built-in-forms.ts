import {
  ZMetadataForm,
  type BuiltInFormType,
  type FormViewId,
  type TFormFieldInput,
  type TMetadataForm,
} from './metadata-form.schema';

/** A field shipped with the product: the system default flag keeps it from being deleted. */
function systemField(field: Omit<TFormFieldInput, 'id' | 'systemDefaultField'>): TFormFieldInput {
  return { ...field, id: field.fieldId, systemDefaultField: true };
}

const hidden = (...fieldIds: string[]) => fieldIds.map((fieldId) => ({ fieldId, visible: false }));

/** Dates the system stamps mean nothing before the item exists, so views that create items hide them. */
const systemDates = ['createdOn', 'modifiedOn'];

const definitions: Record<BuiltInFormType, { label: string; fields: TFormFieldInput[]; views: FormViewId[] }> = {
  common: {
    label: 'Common',
    fields: [
      systemField({ fieldId: 'title', label: 'Title', type: 'Text', required: true }),
      systemField({ fieldId: 'description', label: 'Description', type: 'Text', minLines: 3, maxLines: 12 }),
      systemField({ fieldId: 'keywords', label: 'Keywords', type: 'MultipleChoice', freeEntry: true }),
      systemField({ fieldId: 'createdOn', label: 'Created', type: 'Date', readOnly: true, sortable: true }),
      systemField({ fieldId: 'modifiedOn', label: 'Modified', type: 'Date', readOnly: true, sortable: true }),
    ],
    views: ['item', 'upload', 'copyItem', 'newVersion', 'createPlaceholder', 'search'],
  },
  folderDefault: {
    label: 'Folder default',
    fields: [
      systemField({ fieldId: 'title', label: 'Title', type: 'Text', required: true }),
      systemField({ fieldId: 'description', label: 'Description', type: 'Text', minLines: 3, maxLines: 12 }),
    ],
    views: ['folder'],
  },
  qualityControl: {
    label: 'Quality control',
    fields: [
      systemField({
        fieldId: 'qcStatus',
        label: 'Status',
        type: 'Choice',
        defaultValue: 'pending',
        alternatives: [
          { value: 'pending', label: 'Pending' },
          { value: 'passed', label: 'Passed' },
          { value: 'failed', label: 'Failed' },
        ],
      }),
      systemField({ fieldId: 'qcVideoChecked', label: 'Video checked', type: 'Checkbox' }),
      systemField({ fieldId: 'qcAudioChecked', label: 'Audio checked', type: 'Checkbox' }),
      systemField({ fieldId: 'qcSubtitlesChecked', label: 'Subtitles checked', type: 'Checkbox' }),
      systemField({ fieldId: 'qcComment', label: 'Comment', type: 'Text', minLines: 2, maxLines: 10 }),
    ],
    views: ['item'],
  },
  detectedText: {
    label: 'Detected text',
    fields: [
      // Text detection fills it in; people read and search it.
      systemField({ fieldId: 'detectedText', label: 'Detected text', type: 'Text', readOnly: true, maxLines: 20 }),
    ],
    views: ['item', 'search'],
  },
  restrictedMaterial: {
    label: 'Restricted material',
    fields: [
      systemField({ fieldId: 'restricted', label: 'Restricted', type: 'Checkbox' }),
      systemField({ fieldId: 'restrictionReason', label: 'Reason', type: 'Text', minLines: 2, maxLines: 10 }),
      systemField({ fieldId: 'restrictedUntil', label: 'Restricted until', type: 'Date' }),
    ],
    views: ['item', 'upload', 'search'],
  },
};

const creatingViews: ReadonlySet<FormViewId> = new Set(['upload', 'createPlaceholder']);

/** One built-in form as a new tenant gets it; its id is its type, unique within the tenant. */
export function builtInForm(type: BuiltInFormType): TMetadataForm {
  const { label, fields, views } = definitions[type];
  const hasSystemDates = fields.some((field) => systemDates.includes(field.fieldId));
  return ZMetadataForm.parse({
    id: type,
    label,
    active: true,
    builtIn: type,
    fields,
    views: Object.fromEntries(
      views.map((view) => [view, hasSystemDates && creatingViews.has(view) ? hidden(...systemDates) : []]),
    ),
  });
}

/** The five forms every tenant is seeded with, in display order. */
export function builtInForms(): TMetadataForm[] {
  return (Object.keys(definitions) as BuiltInFormType[]).map(builtInForm);
}

/** The English label a built-in form is created with: while a form still carries it, the console translates it. */
export function builtInFormLabel(type: BuiltInFormType): string {
  return definitions[type].label;
}

/**
 * Every built-in field by fieldId with the English label it is created with, and its alternatives' labels by value
 * (a fieldId means the same field in every built-in form that has it).
 */
export function builtInFields(): ReadonlyMap<string, { label: string; alternatives: ReadonlyMap<string, string> }> {
  const fields = new Map<string, { label: string; alternatives: ReadonlyMap<string, string> }>();
  for (const { fields: list } of Object.values(definitions))
    for (const field of list)
      if (!fields.has(field.fieldId))
        fields.set(field.fieldId, {
          label: field.label,
          alternatives: new Map((field.alternatives ?? []).map((a) => [a.value, a.label])),
        });
  return fields;
}
