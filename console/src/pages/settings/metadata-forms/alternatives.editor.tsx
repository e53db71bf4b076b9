import { Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import type { TAlternative } from '@mam/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { useIssueAt } from './editor.context';
import { moveItem } from './form-draft.model';

/** The options of a Choice or MultipleChoice field: the stored value and the label people see. */
export function AlternativesEditor({
  value,
  onChange,
  path,
}: {
  value: readonly TAlternative[];
  onChange: (value: TAlternative[]) => void;
  path: string;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  const set = (index: number, patch: Partial<TAlternative>) =>
    onChange(value.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  return (
    <Input.Wrapper label={t('forms.field.alternatives')} error={issueAt(path)}>
      <Stack gap={6} mt={4} data-testid="alternatives">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('forms.field.noAlternatives')}
          </Text>
        )}
        {value.map((option, index) => (
          <Group key={index} gap={6} align="flex-start" wrap="nowrap" data-testid="alternative-row">
            <TextInput
              aria-label={t('forms.field.optionValue')}
              placeholder={t('forms.field.optionValue')}
              value={option.value}
              onChange={(e) => set(index, { value: e.currentTarget.value })}
              error={issueAt(`${path}.${index}.value`)}
              style={{ flex: 1 }}
              data-testid="alternative-value"
            />
            <TextInput
              aria-label={t('forms.field.optionLabel')}
              placeholder={t('forms.field.optionLabel')}
              value={option.label}
              onChange={(e) => set(index, { label: e.currentTarget.value })}
              error={issueAt(`${path}.${index}.label`)}
              style={{ flex: 1 }}
              data-testid="alternative-label"
            />
            <IconAction
              label={t('forms.moveUp')}
              onClick={() => onChange(moveItem(value, index, -1))}
              disabled={index === 0}
            >
              <IconArrowUp size={16} />
            </IconAction>
            <IconAction
              label={t('forms.moveDown')}
              onClick={() => onChange(moveItem(value, index, 1))}
              disabled={index === value.length - 1}
            >
              <IconArrowDown size={16} />
            </IconAction>
            <IconAction
              label={t('common.delete')}
              color="red"
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </IconAction>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { value: '', label: '' }])}
            data-testid="add-alternative"
          >
            {t('forms.field.addAlternative')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
