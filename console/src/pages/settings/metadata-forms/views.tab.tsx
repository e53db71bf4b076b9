import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  NavLink,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formViewIds, type FormViewId } from '@mam/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DefaultValueInput } from './default-value.input';
import { useIssueAt, useIssueCount } from './editor.context';
import type { TFormDraft } from './form-draft.model';
import { setViewEnabled, setViewOverride, viewOverrideOf, type TViewOverride } from './view-overrides.model';
import { useVocabulary } from '../../../lib/vocabulary';

/** Where the form appears, and per view how each field shows: hidden, relabelled or with its own default. */
export function ViewsTab({ draft, onChange }: { draft: TFormDraft; onChange: (draft: TFormDraft) => void }) {
  const { t } = useTranslation();
  const issueCount = useIssueCount();
  const [view, setView] = useState<FormViewId>('item');
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" mb="xs">
            {t('forms.viewsIntro')}
          </Text>
          {formViewIds.map((id) => (
            <Group key={id} gap="xs" wrap="nowrap">
              <Switch
                aria-label={t('forms.viewAppears', { view: t(`forms.views.${id}`) })}
                checked={draft.views[id] !== undefined}
                onChange={(e) =>
                  onChange({ ...draft, views: setViewEnabled(draft.views, id, e.currentTarget.checked) })
                }
                data-testid={`view-toggle-${id}`}
              />
              <NavLink
                label={t(`forms.views.${id}`)}
                active={view === id}
                onClick={() => setView(id)}
                rightSection={
                  issueCount(`views.${id}`) > 0 ? (
                    <Badge size="xs" color="red">
                      {issueCount(`views.${id}`)}
                    </Badge>
                  ) : (draft.views[id]?.length ?? 0) > 0 ? (
                    <Badge size="xs" variant="light">
                      {draft.views[id]?.length}
                    </Badge>
                  ) : undefined
                }
                data-testid={`view-select-${id}`}
              />
            </Group>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <ViewOverrides draft={draft} onChange={onChange} view={view} />
      </Grid.Col>
    </Grid>
  );
}

function ViewOverrides({
  draft,
  onChange,
  view,
}: {
  draft: TFormDraft;
  onChange: (draft: TFormDraft) => void;
  view: FormViewId;
}) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const issueAt = useIssueAt();
  const settings = draft.views[view];
  if (settings === undefined) {
    return (
      <Text size="sm" c="dimmed" data-testid="view-off">
        {t('forms.viewOff', { view: t(`forms.views.${view}`) })}
      </Text>
    );
  }
  const setOverride = (fieldId: string, patch: Partial<TViewOverride>) =>
    onChange({ ...draft, views: { ...draft.views, [view]: setViewOverride(settings, fieldId, patch) } });
  const fieldIds = new Set(draft.fields.map((field) => field.fieldId));
  // Settings left behind for a field that is gone or renamed: core refuses them, so they are offered for removal.
  const orphans = settings.filter((setting) => !fieldIds.has(setting.fieldId));
  const rowOf = (fieldId: string) => settings.findIndex((setting) => setting.fieldId === fieldId);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('forms.viewOverridesIntro', { view: t(`forms.views.${view}`) })}
      </Text>
      {orphans.length > 0 && (
        <Alert color="red" p="xs">
          <Group justify="space-between">
            <Text size="sm">{t('forms.viewOrphans', { fields: orphans.map((o) => o.fieldId).join(', ') })}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() =>
                onChange({
                  ...draft,
                  views: { ...draft.views, [view]: settings.filter((s) => fieldIds.has(s.fieldId)) },
                })
              }
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Alert>
      )}
      {draft.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('forms.noFields')}
        </Text>
      ) : (
        <Table verticalSpacing={4} data-testid="view-overrides">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('forms.field.label')}</Table.Th>
              <Table.Th w={70}>{t('forms.field.visible')}</Table.Th>
              <Table.Th>{t('forms.viewLabel')}</Table.Th>
              <Table.Th>{t('forms.viewDefault')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.fields.map((field) => {
              const override = viewOverrideOf(settings, field.fieldId);
              const row = rowOf(field.fieldId);
              const path = `views.${view}.${row}`;
              return (
                <Table.Tr key={field.id} data-testid="view-field-row" data-field-id={field.fieldId}>
                  <Table.Td>
                    <Text size="sm">{words.field(field)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {field.fieldId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('forms.field.visible')}
                      checked={override.visible}
                      onChange={(e) => setOverride(field.fieldId, { visible: e.currentTarget.checked })}
                      data-testid="view-field-visible"
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('forms.viewLabel')}
                      placeholder={field.label}
                      value={override.label ?? ''}
                      onChange={(e) =>
                        setOverride(field.fieldId, {
                          label: e.currentTarget.value === '' ? null : e.currentTarget.value,
                        })
                      }
                      error={row >= 0 ? issueAt(`${path}.label`) : undefined}
                      data-testid="view-field-label"
                    />
                  </Table.Td>
                  <Table.Td>
                    {field.type === 'Button' ? null : (
                      <DefaultValueInput
                        field={field}
                        value={override.defaultValue}
                        onChange={(defaultValue) => setOverride(field.fieldId, { defaultValue })}
                        path={`${path}.defaultValue`}
                        label=""
                        placeholder={t('forms.viewDefaultPlaceholder')}
                        testId="view-field-default"
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
