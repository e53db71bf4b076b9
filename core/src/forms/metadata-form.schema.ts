import { z } from 'zod';
import { isIsoDateTime, isoDateStartUtc } from '../validation/iso-date.schema';
import { coded } from './form-issues';
import { normaliseShortcut } from './keyboard-shortcut';
import { ZUsageRuleGroup } from './usage-rules';

export const fieldTypes = [
  'Text',
  'Choice',
  'MultipleChoice',
  'TreeChoice',
  'Checkbox',
  'Date',
  'SubType',
  'Button',
  'File',
  'JSON',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Where a form shows up; each may override field settings (spec: item, upload, share, scheduler, copy item...). */
export const formViewIds = [
  'item',
  'upload',
  'share',
  'scheduler',
  'copyItem',
  'newVersion',
  'createPlaceholder',
  'folder',
  'search',
] as const;
export type FormViewId = (typeof formViewIds)[number];

/** 'timed' forms log segments of media (logging), so they have a duration and may map to Premiere markers. */
export const formFlavors = ['default', 'timed'] as const;
export type FormFlavor = (typeof formFlavors)[number];

/** The forms every tenant is seeded with; see built-in-forms.ts. */
export const builtInFormTypes = [
  'common',
  'folderDefault',
  'qualityControl',
  'detectedText',
  'restrictedMaterial',
] as const;
export type BuiltInFormType = (typeof builtInFormTypes)[number];

export const METADATA_FORM_MIN_LINES = 1;
export const METADATA_FORM_MAX_LINES = 100;

export const TITLE_FIELD_ID = 'title';
export const CREATED_ON_FIELD_ID = 'createdOn';

/** System default fields whose values the system fills in; users never edit them. */
export const technicalFieldIds = [
  CREATED_ON_FIELD_ID,
  'createdBy',
  'modifiedOn',
  'modifiedBy',
  'itemType',
  'fileSize',
  'duration',
  'originalFileName',
] as const;

const technicalFieldIdSet: ReadonlySet<string> = new Set(technicalFieldIds);

const ZId = z.string().trim().min(1).max(100);
const ZLabel = z.string().trim().min(1).max(200);

/** Values are stored and searched by fieldId (search's field:value), so it stays a plain identifier. */
export const ZFieldId = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'Use letters, digits, _ and -, starting with a letter');

export const ZJsonValue = z.json();
export type TJsonValue = z.output<typeof ZJsonValue>;

/** Date field values: a calendar date 'YYYY-MM-DD' or an ISO date-time with a zone. */
export function isDateValue(value: string): boolean {
  return isoDateStartUtc(value) !== null || isIsoDateTime(value);
}

/**
 * Groups a right is limited to; null means no restriction. An empty list would lock out everyone but
 * administrators, which is never what an editor means.
 */
export const ZGroupRestriction = z
  .array(ZId)
  .refine((groups) => groups.length > 0, coded('SELECTED_GROUPS_EMPTY'))
  .transform((groups) => [...new Set(groups)])
  .nullable()
  .default(null);
export type TGroupRestriction = z.output<typeof ZGroupRestriction>;

/**
 * Who may read and who may write. Only the restriction is stored: whether one user can read or write is computed
 * for an actor (`fieldAccessFor`), never kept on the form.
 */
export const ZFormPermissions = z
  .strictObject({ read: ZGroupRestriction, write: ZGroupRestriction })
  .default({ read: null, write: null });
export type TFormPermissions = z.output<typeof ZFormPermissions>;

export const ZAlternative = z.strictObject({ value: ZLabel, label: ZLabel });
export type TAlternative = z.output<typeof ZAlternative>;

/** A tree choice value is the path of values from the root, joined by '/' ('sport/football'). */
export interface TTreeAlternative {
  value: string;
  label: string;
  children: TTreeAlternative[];
}
export interface TTreeAlternativeInput {
  value: string;
  label: string;
  children?: TTreeAlternativeInput[] | undefined;
}

function uniqueValues(options: readonly { value: string }[]): boolean {
  return new Set(options.map(({ value }) => value)).size === options.length;
}

const uniqueMessage = 'Values must be unique';

export const ZTreeAlternative: z.ZodType<TTreeAlternative, TTreeAlternativeInput> = z.lazy(() =>
  z.strictObject({
    value: ZLabel.refine((value) => !value.includes('/'), 'A value in a tree cannot contain "/"'),
    label: ZLabel,
    children: z.array(ZTreeAlternative).refine(uniqueValues, uniqueMessage).default([]),
  }),
);

/** Checks a Text field's value at entry time; regex must match the whole value. */
export const ZTextRule = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('regex'),
    pattern: z
      .string()
      .min(1)
      .max(500)
      .refine((pattern) => compilePattern(pattern) !== null, 'Not a valid regular expression'),
    /** Shown instead of the generic message, e.g. 'Enter a production number such as PRD-1234'. */
    message: z.string().trim().min(1).max(200).nullable().default(null),
  }),
  z.strictObject({ kind: z.literal('maxLength'), max: z.number().int().min(1).max(100_000) }),
  z.strictObject({ kind: z.literal('email') }),
  z.strictObject({ kind: z.literal('url') }),
]);
export type TTextRule = z.output<typeof ZTextRule>;

/** The whole value must match; 'u' so patterns count characters, not UTF-16 halves. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

/** Sets a Date field when an item is created: today (in the tenant's time zone) plus offsetDays. */
export const ZInitializationRule = z.strictObject({
  type: z.literal('dateOffset'),
  offsetDays: z.number().int().min(-36_500).max(36_500),
});
export type TInitializationRule = z.output<typeof ZInitializationRule>;

/** Shortcuts are stored canonical ('alt+shift+g'); one that does not parse is kept as typed for SHORTCUT_INVALID. */
const ZShortcutText = z
  .string()
  .trim()
  .max(50)
  .nullish()
  .transform((text) => (text ? (normaliseShortcut(text) ?? text) : null));

/** The JS type a value of each field type has; Button carries no value. */
export function valueHasType(type: FieldType, value: TJsonValue): boolean {
  switch (type) {
    case 'Text':
    case 'Choice':
    case 'TreeChoice':
    case 'SubType':
    case 'File':
      return typeof value === 'string';
    case 'Date':
      return typeof value === 'string' && isDateValue(value);
    case 'MultipleChoice':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
    case 'Checkbox':
      return typeof value === 'boolean';
    case 'JSON':
      return true;
    case 'Button':
      return false;
  }
}

const choiceTypes: ReadonlySet<FieldType> = new Set(['Choice', 'MultipleChoice']);
const listTypes: ReadonlySet<FieldType> = new Set(['Choice', 'MultipleChoice', 'TreeChoice']);

const ZFieldObject = z.strictObject({
  /** Identifies the field inside the form (stable while the admin edits it). */
  id: ZId,
  /** The metadata key the value is stored and searched under. */
  fieldId: ZFieldId,
  label: ZLabel,
  type: z.enum(fieldTypes),
  required: z.boolean().default(false),
  readOnly: z.boolean().default(false),
  /** Shipped with the product; cannot be deleted (and, when technical, is filled by the system). */
  systemDefaultField: z.boolean().default(false),
  permissions: ZFormPermissions,
  defaultValue: ZJsonValue.nullable().default(null),
  /** A tenant option list used instead of `alternatives` / `treeAlternatives`; the caller resolves it. */
  optionListId: ZId.nullable().default(null),
  alternatives: z.array(ZAlternative).refine(uniqueValues, uniqueMessage).default([]),
  treeAlternatives: z.array(ZTreeAlternative).refine(uniqueValues, uniqueMessage).default([]),
  /** Choice fields whose alternatives are suggestions only (e.g. keywords): any value is accepted. */
  freeEntry: z.boolean().default(false),
  textRule: ZTextRule.nullable().default(null),
  initializationRules: z.array(ZInitializationRule).max(1).default([]),
  sortable: z.boolean().default(false),
  visible: z.boolean().default(true),
  defaultCollapsed: z.boolean().default(false),
  // Range checked by validateFormDefinition (FIELD_LINES_RANGE), not here, so the rule keeps its own code.
  minLines: z.number().int().nullable().default(null),
  maxLines: z.number().int().nullable().default(null),
  keyboardShortcut: ZShortcutText,
});

/** Settings that only mean something for some field types; set on another type they are a client bug. */
const typeOnlySettings: ReadonlyArray<{
  key: keyof z.output<typeof ZFieldObject>;
  applies: (type: FieldType) => boolean;
  isSet: (field: z.output<typeof ZFieldObject>) => boolean;
}> = [
  { key: 'alternatives', applies: (type) => choiceTypes.has(type), isSet: (field) => field.alternatives.length > 0 },
  { key: 'freeEntry', applies: (type) => choiceTypes.has(type), isSet: (field) => field.freeEntry },
  {
    key: 'treeAlternatives',
    applies: (type) => type === 'TreeChoice',
    isSet: (field) => field.treeAlternatives.length > 0,
  },
  { key: 'optionListId', applies: (type) => listTypes.has(type), isSet: (field) => field.optionListId !== null },
  { key: 'textRule', applies: (type) => type === 'Text', isSet: (field) => field.textRule !== null },
  { key: 'minLines', applies: (type) => type === 'Text', isSet: (field) => field.minLines !== null },
  { key: 'maxLines', applies: (type) => type === 'Text', isSet: (field) => field.maxLines !== null },
  {
    key: 'initializationRules',
    applies: (type) => type === 'Date',
    isSet: (field) => field.initializationRules.length > 0,
  },
];

const ZFieldShape = ZFieldObject.superRefine((field, context) => {
  for (const setting of typeOnlySettings) {
    if (!setting.applies(field.type) && setting.isSet(field)) {
      context.addIssue({ code: 'custom', path: [setting.key], message: `Not used by ${field.type} fields` });
    }
  }
  if (field.defaultValue !== null && !valueHasType(field.type, field.defaultValue)) {
    context.addIssue({ code: 'custom', path: ['defaultValue'], message: `Not a value for a ${field.type} field` });
  }
});

/**
 * A form field. userCanRead / userCanWrite are views for one actor that clients may send back; they are dropped
 * rather than stored, since they are computed from `permissions` each time.
 */
export const ZFormField = z.preprocess((input) => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const { userCanRead: _read, userCanWrite: _write, ...stored } = input as Record<string, unknown>;
  return stored;
}, ZFieldShape);
export type TFormField = z.output<typeof ZFieldShape>;
export type TFormFieldInput = z.input<typeof ZFieldShape>;

/** How one view shows a field; label and defaultValue override the field's when set. */
export const ZViewSetting = z.strictObject({
  fieldId: ZFieldId,
  visible: z.boolean().default(true),
  label: ZLabel.nullable().default(null),
  defaultValue: ZJsonValue.nullable().default(null),
  /** Where the view copies the value from, e.g. a field of the source item in copy item and new version. */
  mdfSource: z.string().trim().min(1).max(200).nullable().default(null),
});
export type TViewSetting = z.output<typeof ZViewSetting>;

/** A heading between fields; null placeAboveFieldId puts it after the last field. */
export const ZFormSection = z.strictObject({
  sectionId: ZId,
  label: ZLabel,
  placeAboveFieldId: ZFieldId.nullable().default(null),
  sortOrder: z.number().int().default(0),
});
export type TFormSection = z.output<typeof ZFormSection>;

const ZColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'Enter a colour such as #5daec1');

function duplicates(values: readonly string[]): Set<string> {
  const seen = new Set<string>();
  return new Set(values.filter((value) => (seen.has(value) ? true : (seen.add(value), false))));
}

/** Label, id and active are mandatory (spec); everything else has a default. */
export const ZMetadataForm = z
  .strictObject({
    id: ZId,
    // Periods and quotes are refused by validateFormDefinition (FORM_LABEL_INVALID) so the rule keeps its code.
    label: ZLabel,
    active: z.boolean(),
    builtIn: z.enum(builtInFormTypes).nullable().default(null),
    flavor: z.enum(formFlavors).default('default'),
    icon: z.string().trim().min(1).max(100).nullable().default(null),
    color: ZColor.nullable().default(null),
    /** A search query choosing the items the form applies to; null applies it to every item. */
    rule: z.string().trim().min(1).max(2000).nullable().default(null),
    fields: z.array(ZFormField).default([]),
    views: z.partialRecord(z.enum(formViewIds), z.array(ZViewSetting)).default({}),
    viewSections: z.array(ZFormSection).default([]),
    /** Applies to every field on top of the field's own permissions. */
    permissions: ZFormPermissions,
    /** Groups that see the form at all; null is everyone. */
    visibleTo: ZGroupRestriction,
    /** Offered by SubType fields rather than on its own. */
    isSubtype: z.boolean().default(false),
    keyboardShortcut: ZShortcutText,
    /** Default length in seconds of a segment logged with a timed form. */
    duration: z.number().positive().max(86_400).nullable().default(null),
    compatibleWithPremiereMarker: z.boolean().default(false),
    usageRules: z.array(ZUsageRuleGroup).default([]),
  })
  .superRefine((form, context) => {
    const fieldIds = new Set(form.fields.map(({ fieldId }) => fieldId));
    const repeatedIds = duplicates(form.fields.map(({ id }) => id));
    const repeatedFieldIds = duplicates(form.fields.map(({ fieldId }) => fieldId));
    form.fields.forEach((field, index) => {
      if (repeatedIds.has(field.id)) {
        context.addIssue({ code: 'custom', path: ['fields', index, 'id'], message: 'Field ids must be unique' });
      }
      if (repeatedFieldIds.has(field.fieldId)) {
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'fieldId'],
          message: 'The form has this field twice',
        });
      }
    });
    const types = new Map(form.fields.map((field) => [field.fieldId, field.type]));
    for (const view of formViewIds) {
      const settings = form.views[view] ?? [];
      const repeated = duplicates(settings.map(({ fieldId }) => fieldId));
      settings.forEach((setting, index) => {
        const path = ['views', view, index];
        const type = types.get(setting.fieldId);
        if (type === undefined) {
          context.addIssue({ code: 'custom', path: [...path, 'fieldId'], message: 'Not a field of this form' });
        } else if (setting.defaultValue !== null && !valueHasType(type, setting.defaultValue)) {
          context.addIssue({
            code: 'custom',
            path: [...path, 'defaultValue'],
            message: `Not a value for a ${type} field`,
          });
        }
        if (repeated.has(setting.fieldId)) {
          context.addIssue({ code: 'custom', path: [...path, 'fieldId'], message: 'The view sets this field twice' });
        }
      });
    }
    const repeatedSections = duplicates(form.viewSections.map(({ sectionId }) => sectionId));
    form.viewSections.forEach((section, index) => {
      if (repeatedSections.has(section.sectionId)) {
        context.addIssue({
          code: 'custom',
          path: ['viewSections', index, 'sectionId'],
          message: 'Section ids must be unique',
        });
      }
      if (section.placeAboveFieldId !== null && !fieldIds.has(section.placeAboveFieldId)) {
        context.addIssue({
          code: 'custom',
          path: ['viewSections', index, 'placeAboveFieldId'],
          message: 'Not a field of this form',
        });
      }
    });
    if (form.flavor !== 'timed') {
      if (form.duration !== null) {
        context.addIssue({ code: 'custom', path: ['duration'], message: 'Only timed forms have a duration' });
      }
      if (form.compatibleWithPremiereMarker) {
        context.addIssue({
          code: 'custom',
          path: ['compatibleWithPremiereMarker'],
          message: 'Only timed forms map to Premiere markers',
        });
      }
    }
  });
export type TMetadataForm = z.output<typeof ZMetadataForm>;
export type TMetadataFormInput = z.input<typeof ZMetadataForm>;

/** A system default field the system fills (createdOn, fileSize...): no permissions, validation or user edits. */
export function isTechnicalField(field: Pick<TFormField, 'fieldId' | 'systemDefaultField'>): boolean {
  return field.systemDefaultField && technicalFieldIdSet.has(field.fieldId);
}
