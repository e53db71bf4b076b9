import {
  Badge,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isTechnicalField, METADATA_FORM_MAX_LINES, METADATA_FORM_MIN_LINES } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { AlternativesEditor } from './alternatives.editor';
import { DefaultValueInput } from './default-value.input';
import { useIssueAt } from './editor.context';
import type { TFieldDraft } from './form-draft.model';
import { GroupRestrictionInput } from './group-restriction.input';
import { ShortcutInput } from './shortcut.input';
import { TextRuleEditor } from './text-rule.editor';
import { TreeAlternativesEditor } from './tree-alternatives.editor';
import { monospaceInput } from './monospace.styles';

const lines = (value: number | string) => (typeof value === 'number' ? value : null);

/** Every setting of one field; settings that mean nothing for the field's type are not offered. */
export function FieldEditor({
  field,
  index,
  onChange,
  onRenameFieldId,
}: {
  field: TFieldDraft;
  index: number;
  onChange: (field: TFieldDraft) => void;
  onRenameFieldId: (fieldId: string) => void;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  const path = `fields.${index}`;
  const set = (patch: Partial<TFieldDraft>) => onChange({ ...field, ...patch });
  const technical = isTechnicalField(field);
  const dateRule = field.initializationRules[0] ?? null;
  const flag = (key: 'required' | 'readOnly' | 'visible' | 'sortable' | 'defaultCollapsed', description?: string) => (
    <Switch
      label={t(`forms.field.${key}`)}
      description={description}
      checked={field[key]}
      onChange={(e) => set({ [key]: e.currentTarget.checked })}
      error={issueAt(`${path}.${key}`)}
      data-testid={`field-${key}`}
    />
  );

  return (
    <Stack gap="md" data-testid="field-editor">
      <Group gap="xs">
        <Title order={4}>{field.label || t('forms.field.untitled')}</Title>
        <Badge variant="light" tt="none">
          {t(`forms.fieldTypes.${field.type}`)}
        </Badge>
        {field.systemDefaultField && (
          <Badge variant="outline" color="blue" tt="none">
            {technical ? t('forms.field.technical') : t('forms.field.systemDefault')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('forms.field.label')}
          value={field.label}
          onChange={(e) => set({ label: e.currentTarget.value })}
          error={issueAt(`${path}.label`)}
          required
          data-testid="field-label"
        />
        <TextInput
          label={t('forms.field.fieldId')}
          description={field.systemDefaultField ? t('forms.field.fieldIdFixed') : t('forms.field.fieldIdHint')}
          value={field.fieldId}
          onChange={(e) => onRenameFieldId(e.currentTarget.value)}
          readOnly={field.systemDefaultField}
          error={issueAt(`${path}.fieldId`) ?? issueAt(`${path}.id`)}
          required
          styles={monospaceInput}
          data-testid="field-fieldid"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {flag('required')}
        {flag('readOnly')}
        {flag('visible', t('forms.field.visibleHint'))}
        {flag('sortable', t('forms.field.sortableHint'))}
        {flag('defaultCollapsed')}
      </SimpleGrid>

      {(field.type === 'Choice' || field.type === 'MultipleChoice') && (
        <>
          <Divider label={t('forms.field.options')} labelPosition="left" />
          <AlternativesEditor
            value={field.alternatives}
            onChange={(alternatives) => set({ alternatives })}
            path={`${path}.alternatives`}
          />
          <Switch
            label={t('forms.field.freeEntry')}
            description={t('forms.field.freeEntryHint')}
            checked={field.freeEntry}
            onChange={(e) => set({ freeEntry: e.currentTarget.checked })}
            error={issueAt(`${path}.freeEntry`)}
            data-testid="field-freeEntry"
          />
        </>
      )}
      {field.type === 'TreeChoice' && (
        <>
          <Divider label={t('forms.field.options')} labelPosition="left" />
          <TreeAlternativesEditor
            value={field.treeAlternatives}
            onChange={(treeAlternatives) => set({ treeAlternatives })}
            path={`${path}.treeAlternatives`}
          />
        </>
      )}
      {field.type === 'Text' && (
        <>
          <Divider label={t('forms.field.textSettings')} labelPosition="left" />
          <TextRuleEditor value={field.textRule} onChange={(textRule) => set({ textRule })} path={`${path}.textRule`} />
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('forms.field.minLines')}
              value={field.minLines ?? ''}
              onChange={(value) => set({ minLines: lines(value) })}
              min={METADATA_FORM_MIN_LINES}
              max={METADATA_FORM_MAX_LINES}
              allowDecimal={false}
              clampBehavior="none"
              error={issueAt(`${path}.minLines`)}
              data-testid="field-minLines"
            />
            <NumberInput
              label={t('forms.field.maxLines')}
              value={field.maxLines ?? ''}
              onChange={(value) => set({ maxLines: lines(value) })}
              min={METADATA_FORM_MIN_LINES}
              max={METADATA_FORM_MAX_LINES}
              allowDecimal={false}
              clampBehavior="none"
              error={issueAt(`${path}.maxLines`)}
              data-testid="field-maxLines"
            />
          </SimpleGrid>
        </>
      )}
      {field.type === 'Date' && (
        <>
          <Divider label={t('forms.field.initialization')} labelPosition="left" />
          <Group align="flex-end">
            <Checkbox
              label={t('forms.field.dateOffset')}
              checked={dateRule !== null}
              onChange={(e) =>
                set({ initializationRules: e.currentTarget.checked ? [{ type: 'dateOffset', offsetDays: 0 }] : [] })
              }
              error={issueAt(`${path}.initializationRules`)}
              data-testid="field-dateOffset"
            />
            {dateRule && (
              <NumberInput
                label={t('forms.field.offsetDays')}
                description={t('forms.field.offsetDaysHint')}
                value={dateRule.offsetDays}
                onChange={(value) =>
                  set({
                    initializationRules: [{ type: 'dateOffset', offsetDays: typeof value === 'number' ? value : 0 }],
                  })
                }
                allowDecimal={false}
                error={issueAt(`${path}.initializationRules.0.offsetDays`)}
                data-testid="field-offsetDays"
              />
            )}
          </Group>
        </>
      )}

      <Divider label={t('forms.field.entry')} labelPosition="left" />
      <DefaultValueInput
        field={field}
        value={field.defaultValue}
        onChange={(defaultValue) => set({ defaultValue })}
        path={`${path}.defaultValue`}
        label={t('forms.field.defaultValue')}
        testId="field-default"
      />
      <ShortcutInput
        label={t('forms.field.keyboardShortcut')}
        value={field.keyboardShortcut}
        onChange={(keyboardShortcut) => set({ keyboardShortcut })}
        path={`${path}.keyboardShortcut`}
        testId="field-shortcut"
      />

      <Divider label={t('forms.field.permissions')} labelPosition="left" />
      {technical && (
        <Text size="xs" c="dimmed">
          {t('forms.field.technicalHint')}
        </Text>
      )}
      {issueAt(`${path}.permissions`) && (
        <Text size="xs" c="red">
          {issueAt(`${path}.permissions`)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <GroupRestrictionInput
          label={t('forms.readBy')}
          value={field.permissions.read}
          onChange={(read) => set({ permissions: { ...field.permissions, read } })}
          path={`${path}.permissions.read`}
          testId="field-read"
        />
        <GroupRestrictionInput
          label={t('forms.writeBy')}
          value={field.permissions.write}
          onChange={(write) => set({ permissions: { ...field.permissions, write } })}
          path={`${path}.permissions.write`}
          testId="field-write"
        />
      </SimpleGrid>
    </Stack>
  );
}
