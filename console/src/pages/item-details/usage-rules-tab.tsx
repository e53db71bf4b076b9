import { Alert, Badge, Card, Group, Loader, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const stateColour: Record<string, string> = {
  active: 'teal',
  expiring: 'orange',
  expired: 'red',
  not_yet_valid: 'gray',
};
const severityColour: Record<string, string> = { info: 'blue', warning: 'orange', error: 'red' };

/** The usage rules that govern the item, each context active, expiring, expired or not yet valid. */
export function UsageRulesTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rules = trpc.items.usageRules.useQuery({ itemId });
  if (rules.error) return <Alert color="red">{errorMessage(t, rules.error)}</Alert>;
  if (rules.isLoading) return <Loader size="sm" />;
  if ((rules.data ?? []).length === 0) return <Text c="dimmed">{t('usageRules.none')}</Text>;
  return (
    <Stack gap="md" maw={960}>
      {rules.data!.map((rule) => (
        <Card key={`${rule.formLabel}:${rule.key}`} withBorder padding="sm" data-testid="usage-rule">
          <Group gap="xs" mb="xs">
            <div style={{ width: 12, height: 12, borderRadius: 3, background: rule.color }} />
            <Text fw={600}>{rule.label}</Text>
            <Text size="sm" c="dimmed">
              {rule.formLabel}
            </Text>
          </Group>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('usageRules.context')}</Table.Th>
                <Table.Th>{t('usageRules.state')}</Table.Th>
                <Table.Th>{t('usageRules.validFrom')}</Table.Th>
                <Table.Th>{t('usageRules.validUntil')}</Table.Th>
                <Table.Th>{t('usageRules.warningLevel')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rule.contexts.map((context) => (
                <Table.Tr key={context.name} data-testid="usage-rule-context" data-state={context.state}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {context.warn && (
                        <Tooltip label={t(`usageRules.severities.${rule.severity}`)}>
                          <ThemeIcon size="sm" variant="light" color={severityColour[rule.severity] ?? 'orange'}>
                            <IconAlertTriangle size={14} />
                          </ThemeIcon>
                        </Tooltip>
                      )}
                      <Text size="sm">{context.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={stateColour[context.state] ?? 'gray'} variant="light">
                      {t(`usageRules.states.${context.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {context.validFrom ? format.dateTime(context.validFrom) : t('usageRules.forever')}
                  </Table.Td>
                  <Table.Td>
                    {context.validUntil ? format.dateTime(context.validUntil) : t('usageRules.forever')}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color="gray">
                      {t(`usageRules.levels.${context.warningLevel}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
