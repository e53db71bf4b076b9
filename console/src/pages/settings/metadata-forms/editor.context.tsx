import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { issuesAt, issuesUnder, type TEditorIssue } from './form-check.rules';
import { issueText } from './issue-text';

export interface TEditorContext {
  /** Everything wrong with the draft now: core's rules, the server's last answer, and inputs that do not parse. */
  issues: readonly TEditorIssue[];
  /** The tenant's groups for restrictions; null while they load or when the administrator may not list them. */
  groups: ReadonlyArray<{ value: string; label: string }> | null;
  /** An input whose text does not make a value yet reports it here (code) and withdraws it (null). */
  reportLocal: (path: string, code: string | null) => void;
}

export const EditorContext = createContext<TEditorContext | null>(null);

export function useEditor(): TEditorContext {
  const context = useContext(EditorContext);
  if (!context) throw new Error('useEditor outside the form editor');
  return context;
}

/** The translated problems of the setting at `path`, ready for an input's `error`; undefined when there are none. */
export function useIssueAt(): (path: string) => string | undefined {
  const { t } = useTranslation();
  const { issues } = useEditor();
  return (path) => {
    const found = issuesAt(issues, path);
    return found.length === 0 ? undefined : [...new Set(found.map((issue) => issueText(t, issue)))].join(' ');
  };
}

/** How many problems lie at or inside `path` (a field, a view, a usage rule group). */
export function useIssueCount(): (path: string) => number {
  const { issues } = useEditor();
  return (path) => issuesUnder(issues, path).length;
}
