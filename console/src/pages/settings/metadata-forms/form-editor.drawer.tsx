import { Alert, Anchor, Badge, Button, Drawer, Group, List, Stack, Tabs, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm';
import { appErrorOf, errorMessage, hasErrorCode } from '../../../lib/app-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { EditorContext, type TEditorContext } from './editor.context';
import { FieldsTab } from './fields.tab';
import {
  checkFormDraft,
  editorTabs,
  fieldIndexOfPath,
  tabOfPath,
  type TEditorIssue,
  type TEditorTab,
} from './form-check.rules';
import { emptyFormDraft, type TFormDraft } from './form-draft.model';
import { GeneralSettingsTab } from './general-settings.tab';
import { issueText } from './issue-text';
import { SectionsTab } from './sections.tab';
import { UsageRulesTab } from './usage-rules.tab';
import { ViewsTab } from './views.tab';
import { useVocabulary } from '../../../lib/vocabulary';

export type TFormView = RouterOutputs['metadataForms']['list'][number];

function uniqueIssues(issues: readonly TEditorIssue[]): TEditorIssue[] {
  const seen = new Set<string>();
  return issues.filter(({ path, code }) => !seen.has(`${path} ${code}`) && !!seen.add(`${path} ${code}`));
}

/**
 * Creates a form (view null) or edits a stored one over the revision it was opened at. Core's rules run as the
 * administrator types and Save is refused while any is broken; the server's own issues land on the same settings.
 */
export function FormEditorDrawer({
  view,
  forms,
  onClose,
}: {
  view: TFormView | null;
  /** Every form of the tenant, to check names, keys and shortcuts against. */
  forms: readonly TFormView[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.metadataForms.create.useMutation();
  const update = trpc.metadataForms.update.useMutation();
  const groupList = trpc.groups.list.useQuery();
  const [base, setBase] = useState(view);
  const [draft, setDraft] = useState<TFormDraft>(() => view?.form ?? emptyFormDraft());
  const [pristine, setPristine] = useState(() => JSON.stringify(draft));
  const [keyFollowsLabel, setKeyFollowsLabel] = useState(view === null);
  const [tab, setTab] = useState<TEditorTab>('general');
  const [selectedField, setSelectedField] = useState<number | null>(view?.form.fields.length ? 0 : null);
  const [serverIssues, setServerIssues] = useState<TEditorIssue[]>([]);
  const [localIssues, setLocalIssues] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [confirmation, confirm] = useConfirm();

  const otherForms = useMemo(
    () => forms.filter((entry) => entry.id !== base?.id).map(({ form }) => form),
    [forms, base],
  );
  const checked = useMemo(
    () => checkFormDraft(draft, { otherForms, previous: base?.form ?? null }),
    [draft, otherForms, base],
  );
  const issues = useMemo(
    () =>
      uniqueIssues([
        ...checked,
        ...Object.entries(localIssues).map(([path, code]) => ({ path, code, message: code })),
        ...serverIssues,
      ]),
    [checked, localIssues, serverIssues],
  );
  const reportLocal = useCallback((path: string, code: string | null) => {
    setLocalIssues((current) => {
      if ((current[path] ?? null) === code) return current;
      const { [path]: _dropped, ...rest } = current;
      return code === null ? rest : { ...rest, [path]: code };
    });
  }, []);
  const words = useVocabulary();
  const groups = useMemo(
    () => (groupList.data ? groupList.data.map((group) => ({ value: group.id, label: words.group(group) })) : null),
    [groupList.data, words],
  );
  const context = useMemo<TEditorContext>(() => ({ issues, groups, reportLocal }), [issues, groups, reportLocal]);

  function change(next: TFormDraft) {
    setDraft(next);
    // The server's verdict was about the draft as it was; core's rules now speak for the new one.
    setServerIssues([]);
    setError(null);
  }

  function goTo(path: string) {
    setTab(tabOfPath(path));
    const field = fieldIndexOfPath(path);
    if (field !== null) setSelectedField(field);
  }

  function requestClose() {
    if (JSON.stringify(draft) === pristine) return onClose();
    confirm({
      title: t('forms.discardTitle'),
      message: t('forms.discardMessage'),
      confirmLabel: t('common.discard'),
      onConfirm: onClose,
    });
  }

  async function save() {
    if (issues.length > 0) {
      setAttempted(true);
      goTo(issues[0]!.path);
      return;
    }
    setError(null);
    setServerIssues([]);
    try {
      const saved = base
        ? await update.mutateAsync({ id: base.id, revision: base.revision, form: draft })
        : await create.mutateAsync({ form: draft });
      await utils.metadataForms.list.invalidate();
      notifySuccess(t('forms.saved', { name: saved.form.label }));
      onClose();
    } catch (e) {
      if (hasErrorCode(e, 'FORM_CHANGED_ELSEWHERE')) return setStale(true);
      const reported = appErrorOf(e)?.issues ?? [];
      setServerIssues(reported);
      setError(errorMessage(t, e));
      if (reported[0]) goTo(reported[0].path);
    }
  }

  async function reload() {
    if (!base) return;
    try {
      const fresh = await utils.metadataForms.get.fetch({ id: base.id });
      setBase(fresh);
      setDraft(fresh.form);
      setPristine(JSON.stringify(fresh.form));
      setSelectedField(fresh.form.fields.length ? 0 : null);
      setStale(false);
      setServerIssues([]);
      setError(null);
      setAttempted(false);
      void utils.metadataForms.list.invalidate();
    } catch (e) {
      notifyError(t, e);
    }
  }

  function location(path: string): string {
    const field = fieldIndexOfPath(path);
    const fieldLabel = field === null ? null : draft.fields[field]?.label;
    return [t(`forms.tabs.${tabOfPath(path)}`), fieldLabel].filter(Boolean).join(' › ');
  }

  const countIn = (name: TEditorTab) => issues.filter((issue) => tabOfPath(issue.path) === name).length;

  return (
    <Drawer
      opened
      onClose={requestClose}
      position="right"
      size="min(1200px, 100%)"
      title={
        <Text fw={600} size="lg">
          {view ? t('forms.editTitle', { name: view.form.label }) : t('forms.createTitle')}
        </Text>
      }
      data-testid="form-editor"
    >
      <EditorContext.Provider value={context}>
        <Stack gap="md">
          {draft.builtIn && (
            <Alert color="blue" p="xs">
              {t('forms.builtInNotice')}
            </Alert>
          )}
          {stale && (
            <Alert color="orange" data-testid="form-stale" title={t('errors.FORM_CHANGED_ELSEWHERE')}>
              <Group justify="space-between">
                <Text size="sm">{t('forms.staleHint')}</Text>
                <Button
                  size="xs"
                  leftSection={<IconRefresh size={14} />}
                  onClick={() => void reload()}
                  data-testid="form-reload"
                >
                  {t('forms.reload')}
                </Button>
              </Group>
            </Alert>
          )}
          {error && (
            <Alert color="red" data-testid="form-error">
              {error}
            </Alert>
          )}
          {attempted && issues.length > 0 && (
            <Alert color="red" title={t('forms.saveRefused', { count: issues.length })} data-testid="form-issues">
              <List size="sm" spacing={2}>
                {issues.map((issue) => (
                  <List.Item key={`${issue.path} ${issue.code}`}>
                    <Anchor component="button" type="button" size="sm" onClick={() => goTo(issue.path)}>
                      {location(issue.path)}
                    </Anchor>
                    {': '}
                    {issueText(t, issue)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Tabs value={tab} onChange={(next) => next && setTab(next as TEditorTab)} keepMounted={false}>
            <Tabs.List mb="md">
              {editorTabs.map((name) => (
                <Tabs.Tab
                  key={name}
                  value={name}
                  rightSection={
                    countIn(name) > 0 ? (
                      <Badge size="xs" color="red" circle>
                        {countIn(name)}
                      </Badge>
                    ) : undefined
                  }
                  data-testid={`editor-tab-${name}`}
                >
                  {t(`forms.tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="general">
              <GeneralSettingsTab
                draft={draft}
                onChange={change}
                isNew={base === null}
                keyFollowsLabel={keyFollowsLabel}
                onKeyEdited={() => setKeyFollowsLabel(false)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="fields">
              <FieldsTab draft={draft} onChange={change} selected={selectedField} onSelect={setSelectedField} />
            </Tabs.Panel>
            <Tabs.Panel value="views">
              <ViewsTab draft={draft} onChange={change} />
            </Tabs.Panel>
            <Tabs.Panel value="sections">
              <SectionsTab draft={draft} onChange={change} />
            </Tabs.Panel>
            <Tabs.Panel value="usageRules">
              <UsageRulesTab draft={draft} onChange={change} />
            </Tabs.Panel>
          </Tabs>
          <Group
            justify="flex-end"
            gap="xs"
            py="sm"
            pos="sticky"
            bottom={0}
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
          >
            <Button variant="default" onClick={requestClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void save()} loading={create.isPending || update.isPending} data-testid="form-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </EditorContext.Provider>
      {confirmation}
    </Drawer>
  );
}
