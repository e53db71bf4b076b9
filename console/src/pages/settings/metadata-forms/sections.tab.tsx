import { Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { TFormSection } from '@mam/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { useIssueAt } from './editor.context';
import { selectableOptions } from './default-value.model';
import { newSection, type TFormDraft } from './form-draft.model';
import { monospaceInput } from './monospace.styles';

// Select needs a string for "after the last field", which the form stores as null; '~' is never in a fieldId.
const END = '~end';

/** Headings between fields: each is placed above a field, or after the last one. */
export function SectionsTab({ draft, onChange }: { draft: TFormDraft; onChange: (draft: TFormDraft) => void }) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  const sections = draft.viewSections;
  const set = (index: number, patch: Partial<TFormSection>) =>
    onChange({ ...draft, viewSections: sections.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  const placements = [
    { value: END, label: t('forms.sections.atEnd') },
    ...selectableOptions(
      draft.fields.map((field) => ({ value: field.fieldId, label: `${field.label} (${field.fieldId})` })),
    ),
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('forms.sections.intro')}
      </Text>
      {sections.length > 0 && (
        <Table verticalSpacing={4} data-testid="sections">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('forms.sections.sectionId')}</Table.Th>
              <Table.Th>{t('forms.sections.label')}</Table.Th>
              <Table.Th>{t('forms.sections.placeAbove')}</Table.Th>
              <Table.Th w={110}>{t('forms.sections.sortOrder')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sections.map((section, index) => {
              const path = `viewSections.${index}`;
              return (
                <Table.Tr key={index} data-testid="section-row">
                  <Table.Td>
                    <TextInput
                      aria-label={t('forms.sections.sectionId')}
                      value={section.sectionId}
                      onChange={(e) => set(index, { sectionId: e.currentTarget.value })}
                      error={issueAt(`${path}.sectionId`)}
                      styles={monospaceInput}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('forms.sections.label')}
                      value={section.label}
                      onChange={(e) => set(index, { label: e.currentTarget.value })}
                      error={issueAt(`${path}.label`)}
                      data-testid="section-label"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('forms.sections.placeAbove')}
                      data={
                        section.placeAboveFieldId !== null &&
                        !placements.some((option) => option.value === section.placeAboveFieldId)
                          ? [...placements, { value: section.placeAboveFieldId, label: section.placeAboveFieldId }]
                          : placements
                      }
                      value={section.placeAboveFieldId ?? END}
                      onChange={(value) =>
                        set(index, { placeAboveFieldId: value === END || value === null ? null : value })
                      }
                      allowDeselect={false}
                      error={issueAt(`${path}.placeAboveFieldId`)}
                      data-testid="section-place-above"
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('forms.sections.sortOrder')}
                      value={section.sortOrder}
                      onChange={(value) => set(index, { sortOrder: typeof value === 'number' ? value : 0 })}
                      allowDecimal={false}
                      error={issueAt(`${path}.sortOrder`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <IconAction
                      label={t('common.delete')}
                      color="red"
                      onClick={() => onChange({ ...draft, viewSections: sections.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} />
                    </IconAction>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            onChange({ ...draft, viewSections: [...sections, newSection(sections, t('forms.sections.newLabel'))] })
          }
          data-testid="add-section"
        >
          {t('forms.sections.add')}
        </Button>
      </Group>
    </Stack>
  );
}
