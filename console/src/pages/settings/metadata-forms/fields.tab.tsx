import { Alert, Badge, Button, Grid, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { fieldTypes, type FieldType } from '@mam/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { useIssueAt, useIssueCount } from './editor.context';
import { deleteFieldBlockedBy } from './form-actions.rules';
import { moveItem, newField, removeField, renameFieldId, type TFormDraft } from './form-draft.model';
import { FieldEditor } from './field-editor';
import { GuardedAction } from './reason-tooltip';
import { useVocabulary } from '../../../lib/vocabulary';

/** The form's fields in order: add, reorder, remove, and the settings of the one selected. */
export function FieldsTab({
  draft,
  onChange,
  selected,
  onSelect,
}: {
  draft: TFormDraft;
  onChange: (draft: TFormDraft) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
}) {
  const { t } = useTranslation();
  const words = useVocabulary();
  const issueAt = useIssueAt();
  const issueCount = useIssueCount();
  const fields = draft.fields;
  const current = selected === null ? undefined : fields[selected];

  function add(type: FieldType) {
    const field = newField(type, fields, t(`forms.fieldTypes.${type}`));
    onChange({ ...draft, fields: [...fields, field] });
    onSelect(fields.length);
  }

  function move(index: number, delta: number) {
    const target = index + delta;
    if (target < 0 || target >= fields.length) return;
    onChange({ ...draft, fields: moveItem(fields, index, delta) });
    // The selection follows the field it was on.
    if (selected === index) onSelect(target);
    else if (selected === target) onSelect(index);
  }

  function remove(index: number) {
    onChange(removeField(draft, index));
    if (selected === null) return;
    if (selected === index) onSelect(null);
    else if (selected > index) onSelect(selected - 1);
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="xs">
          {issueAt('fields') && (
            <Alert color="red" p="xs" data-testid="fields-issue">
              {issueAt('fields')}
            </Alert>
          )}
          {fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('forms.noFields')}
            </Text>
          )}
          {fields.map((field, index) => {
            const problems = issueCount(`fields.${index}`);
            const blocked = deleteFieldBlockedBy(field);
            return (
              <Paper
                key={field.id}
                withBorder
                p={6}
                bg={selected === index ? 'var(--mantine-primary-color-light)' : undefined}
                data-testid="field-row"
                data-field-id={field.fieldId}
              >
                <Group gap={4} wrap="nowrap">
                  <UnstyledButton
                    onClick={() => onSelect(index)}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="field-select"
                  >
                    <Text size="sm" fw={500} truncate>
                      {field.label ? words.field(field) : t('forms.field.untitled')}
                    </Text>
                    <Group gap={4}>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {field.fieldId}
                      </Text>
                      <Badge size="xs" variant="light" tt="none">
                        {t(`forms.fieldTypes.${field.type}`)}
                      </Badge>
                      {field.required && (
                        <Badge size="xs" variant="outline" tt="none">
                          {t('forms.field.required')}
                        </Badge>
                      )}
                      {problems > 0 && (
                        <Badge size="xs" color="red" data-testid="field-issue-count">
                          {problems}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                  <IconAction label={t('forms.moveUp')} onClick={() => move(index, -1)} disabled={index === 0}>
                    <IconArrowUp size={16} />
                  </IconAction>
                  <IconAction
                    label={t('forms.moveDown')}
                    onClick={() => move(index, 1)}
                    disabled={index === fields.length - 1}
                  >
                    <IconArrowDown size={16} />
                  </IconAction>
                  <GuardedAction
                    label={t('forms.removeField')}
                    refusal={blocked && t(`errors.${blocked}`)}
                    color="red"
                    onClick={() => remove(index)}
                    testId="field-remove"
                  >
                    <IconTrash size={16} />
                  </GuardedAction>
                </Group>
              </Paper>
            );
          })}
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="light" leftSection={<IconPlus size={16} />} data-testid="add-field">
                {t('forms.addField')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {fieldTypes.map((type) => (
                <Menu.Item key={type} onClick={() => add(type)} data-testid={`add-field-${type}`}>
                  {t(`forms.fieldTypes.${type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {current && selected !== null ? (
          <FieldEditor
            key={current.id}
            field={current}
            index={selected}
            onChange={(field) =>
              onChange({ ...draft, fields: fields.map((entry, i) => (i === selected ? field : entry)) })
            }
            onRenameFieldId={(fieldId) => onChange(renameFieldId(draft, selected, fieldId))}
          />
        ) : (
          <Text size="sm" c="dimmed" mt="md">
            {t('forms.selectField')}
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
