import { validateFormDefinition, validateUsageRuleGroup, ZMetadataForm, type TMetadataForm } from '@mam/core';
import type { TFormDraft } from './form-draft.model';

/** A problem the editor shows next to a setting: core's or the server's issue, or one only the editor knows. */
export interface TEditorIssue {
  /** Dotted path into the form ('fields.3.required', 'usageRules.0.contexts.1.name'). */
  path: string;
  /** An error catalogue code, or an editor-only code translated under forms.invalid. */
  code: string;
  message: string;
}

export interface TCheckContext {
  /** Every form of the tenant as stored; the edited one is skipped by its key. */
  otherForms: readonly TMetadataForm[];
  /** The stored version of the edited form; null while creating. */
  previous: TMetadataForm | null;
}

export const editorTabs = ['general', 'fields', 'views', 'sections', 'usageRules'] as const;
export type TEditorTab = (typeof editorTabs)[number];

type TShapeError = NonNullable<ReturnType<typeof ZMetadataForm.safeParse>['error']>;

/** Zod issues with dotted paths; a rule raised with core's `coded(...)` keeps its own code. */
function shapeIssues(error: TShapeError): TEditorIssue[] {
  return error.issues.flatMap((zodIssue): TEditorIssue[] => {
    const path = zodIssue.path.map(String);
    if (zodIssue.code === 'unrecognized_keys') {
      return zodIssue.keys.map((key) => ({
        path: [...path, key].join('.'),
        code: 'VALIDATION_FAILED',
        message: `Unknown field "${key}"`,
      }));
    }
    const coded: unknown = zodIssue.code === 'custom' ? zodIssue.params?.code : undefined;
    return [
      {
        path: path.join('.'),
        code: typeof coded === 'string' ? coded : 'VALIDATION_FAILED',
        message: zodIssue.message,
      },
    ];
  });
}

function dedupe(issues: TEditorIssue[]): TEditorIssue[] {
  const seen = new Set<string>();
  return issues.filter(({ path, code }) => !seen.has(`${path} ${code}`) && !!seen.add(`${path} ${code}`));
}

/**
 * Every problem the server would report for this draft, found the way the server finds them: core's schema and
 * its administration rules. The rules run even while the shape is still incomplete (a blank label elsewhere), so
 * a rule violation shows as soon as it is made; they read only settings the draft always has in shape.
 */
export function checkFormDraft(draft: TFormDraft, context: TCheckContext): TEditorIssue[] {
  // Usage rules are checked group by group with core's own validator, so the form is parsed without them.
  const withoutUsageRules = { ...draft, usageRules: [] };
  const parsed = ZMetadataForm.safeParse(withoutUsageRules);
  const ownKey = context.previous?.id ?? null;
  const keyTaken =
    draft.id.trim() !== ownKey && context.otherForms.some((other) => other.id === draft.id.trim())
      ? [{ path: 'id', code: 'FORM_KEY_TAKEN', message: 'Another form has this key' }]
      : [];
  return dedupe([
    ...(parsed.success ? [] : shapeIssues(parsed.error)),
    ...validateFormDefinition(withoutUsageRules, {
      otherForms: context.otherForms.filter((other) => other.id !== ownKey),
      previous: context.previous,
    }),
    ...keyTaken,
    ...draft.usageRules.flatMap((group, index) => validateUsageRuleGroup(group, `usageRules.${index}`)),
  ]);
}

export function issuesAt(issues: readonly TEditorIssue[], path: string): TEditorIssue[] {
  return issues.filter((issue) => issue.path === path);
}

/** Issues of `path` itself and of everything inside it. */
export function issuesUnder(issues: readonly TEditorIssue[], path: string): TEditorIssue[] {
  return issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
}

const tabOfRoot: Record<string, TEditorTab> = {
  fields: 'fields',
  views: 'views',
  viewSections: 'sections',
  usageRules: 'usageRules',
};

/** The editor tab that shows the setting at `path`. */
export function tabOfPath(path: string): TEditorTab {
  return tabOfRoot[path.split('.')[0] ?? ''] ?? 'general';
}

/** The index of the field an issue is about ('fields.3.required' → 3), or null. */
export function fieldIndexOfPath(path: string): number | null {
  const match = /^fields\.(\d+)(\.|$)/.exec(path);
  return match ? Number(match[1]) : null;
}
