import { Badge, Button, ColorInput, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  defaultUsageRuleContext,
  defaultUsageRuleGroup,
  usageRuleSeverities,
  usageRuleWarningLevels,
  type UsageRuleSeverity,
  type UsageRuleWarningLevel,
} from '@mam/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { useIssueAt, useIssueCount } from './editor.context';
import type { TFormDraft, TUsageContextDraft, TUsageGroupDraft } from './form-draft.model';
import { ValidityEndInput } from './validity-end.input';
import { monospaceInput } from './monospace.styles';

/** Usage rule groups (rights, embargoes…): each lists contexts with when they are valid and when to warn. */
export function UsageRulesTab({ draft, onChange }: { draft: TFormDraft; onChange: (draft: TFormDraft) => void }) {
  const { t } = useTranslation();
  const groups = draft.usageRules;
  const setGroups = (usageRules: TUsageGroupDraft[]) => onChange({ ...draft, usageRules });
  function addGroup() {
    const n = groups.length + 1;
    setGroups([...groups, defaultUsageRuleGroup({ key: `rule-${n}`, label: t('forms.usage.newGroup', { n }) })]);
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('forms.usage.intro')}
      </Text>
      {groups.map((group, index) => (
        <UsageRuleGroupEditor
          key={index}
          group={group}
          path={`usageRules.${index}`}
          onChange={(next) => setGroups(groups.map((entry, i) => (i === index ? next : entry)))}
          onRemove={() => setGroups(groups.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addGroup} data-testid="add-usage-group">
          {t('forms.usage.addGroup')}
        </Button>
      </Group>
    </Stack>
  );
}

function UsageRuleGroupEditor({
  group,
  path,
  onChange,
  onRemove,
}: {
  group: TUsageGroupDraft;
  path: string;
  onChange: (group: TUsageGroupDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  const issueCount = useIssueCount();
  const setContext = (index: number, context: TUsageContextDraft) =>
    onChange({ ...group, contexts: group.contexts.map((entry, i) => (i === index ? context : entry)) });
  return (
    <Paper withBorder p="sm" data-testid="usage-group">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={500}>{group.identifier.label || group.identifier.key || t('forms.usage.group')}</Text>
            {issueCount(path) > 0 && (
              <Badge size="xs" color="red">
                {issueCount(path)}
              </Badge>
            )}
          </Group>
          <IconAction label={t('forms.usage.removeGroup')} color="red" onClick={onRemove}>
            <IconTrash size={16} />
          </IconAction>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <TextInput
            label={t('forms.usage.key')}
            value={group.identifier.key}
            onChange={(e) => onChange({ ...group, identifier: { ...group.identifier, key: e.currentTarget.value } })}
            error={issueAt(`${path}.identifier.key`)}
            styles={monospaceInput}
            data-testid="usage-key"
          />
          <TextInput
            label={t('forms.usage.label')}
            value={group.identifier.label}
            onChange={(e) => onChange({ ...group, identifier: { ...group.identifier, label: e.currentTarget.value } })}
            error={issueAt(`${path}.identifier.label`)}
            data-testid="usage-label"
          />
          <ColorInput
            label={t('forms.color')}
            value={group.color}
            onChange={(color) => onChange({ ...group, color })}
            format="hexa"
            error={issueAt(`${path}.color`)}
          />
          <Select
            label={t('forms.usage.severity')}
            data={usageRuleSeverities.map((severity) => ({
              value: severity,
              label: t(`forms.usage.severities.${severity}`),
            }))}
            value={group.severity}
            onChange={(severity) => severity && onChange({ ...group, severity: severity as UsageRuleSeverity })}
            allowDeselect={false}
          />
        </SimpleGrid>
        {group.contexts.map((context, index) => {
          const contextPath = `${path}.contexts.${index}`;
          return (
            <Paper key={index} withBorder p="xs" bg="var(--mantine-color-default-hover)" data-testid="usage-context">
              <Group gap="sm" align="flex-start">
                <TextInput
                  label={t('forms.usage.contextName')}
                  value={context.name}
                  onChange={(e) => setContext(index, { ...context, name: e.currentTarget.value })}
                  error={issueAt(`${contextPath}.name`)}
                  w={180}
                  data-testid="usage-context-name"
                />
                <ValidityEndInput
                  label={t('forms.usage.from')}
                  value={context.validity.from}
                  onChange={(from) => setContext(index, { ...context, validity: { ...context.validity, from } })}
                  path={`${contextPath}.validity.from`}
                  testId="usage-from"
                />
                <ValidityEndInput
                  label={t('forms.usage.to')}
                  value={context.validity.to}
                  onChange={(to) => setContext(index, { ...context, validity: { ...context.validity, to } })}
                  path={`${contextPath}.validity.to`}
                  testId="usage-to"
                />
                <Select
                  label={t('forms.usage.warningLevel')}
                  data={usageRuleWarningLevels.map((level) => ({
                    value: level,
                    label: t(`forms.usage.warningLevels.${level}`),
                  }))}
                  value={context.warningLevel}
                  onChange={(level) =>
                    level && setContext(index, { ...context, warningLevel: level as UsageRuleWarningLevel })
                  }
                  allowDeselect={false}
                  error={issueAt(`${contextPath}.warningLevel`)}
                  w={160}
                />
                <IconAction
                  label={t('forms.usage.removeContext')}
                  color="red"
                  onClick={() => onChange({ ...group, contexts: group.contexts.filter((_, i) => i !== index) })}
                  mt={26}
                >
                  <IconTrash size={16} />
                </IconAction>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange({
                ...group,
                contexts: [
                  ...group.contexts,
                  defaultUsageRuleContext(t('forms.usage.newContext', { n: group.contexts.length + 1 })),
                ],
              })
            }
            data-testid="add-usage-context"
          >
            {t('forms.usage.addContext')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
