import { Alert, Anchor, Badge, Button, Group, List, Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { SectionHeader } from '../../components/page-header';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction, RowEditDelete } from '../../components/icon-action';
import { errorCodeMessage, errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { LifecycleRuleModal, type TLifecycleRule } from './lifecycle-rule.modal';

// A rule run by "Run now" records its result a moment later: the list looks again meanwhile.
const REFRESH_MS = 5000;

/** A rule's last run: its counts, and the refusals behind a click when there were any. */
function LastRun({ rule }: { rule: TLifecycleRule }) {
  const { t } = useTranslation();
  const format = useFormat();
  const result = rule.lastResult;
  if (!rule.lastRunAt || !result) {
    return (
      <Text size="sm" c="dimmed">
        {t('lifecycleRules.never')}
      </Text>
    );
  }
  const counts = (
    <Text size="sm" c={result.failed > 0 ? 'red' : undefined} data-testid="lifecycle-rule-result">
      {t('lifecycleRules.result', {
        applied: format.number(result.applied),
        skipped: format.number(result.skipped),
        failed: format.number(result.failed),
      })}
    </Text>
  );
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {format.dateTime(rule.lastRunAt)}
      </Text>
      {result.errors.length === 0 ? (
        counts
      ) : (
        <Popover width={360} position="bottom-start" withArrow>
          <Popover.Target>
            <UnstyledButton>{counts}</UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown data-testid="lifecycle-rule-errors">
            <Text size="sm" fw={500} mb={4}>
              {t('lifecycleRules.refusals')}
            </Text>
            <List size="xs" spacing={2}>
              {result.errors.map((error, index) => (
                <List.Item key={`${error.itemId ?? 'rule'}-${index}`}>
                  {error.itemId ? (
                    <Anchor component={Link} to={`/items/${error.itemId}`} size="xs">
                      {error.itemId.slice(0, 8)}
                    </Anchor>
                  ) : (
                    t('lifecycleRules.wholeRule')
                  )}
                  {': '}
                  {errorCodeMessage(t, error.code)}
                </List.Item>
              ))}
            </List>
          </Popover.Dropdown>
        </Popover>
      )}
    </Stack>
  );
}

/**
 * System Settings → Storage → Lifecycle rules: archive, or delete the high resolution of, a folder's items older than
 * a number of days after ingest. Tenant administrators only, as the server checks.
 */
export function LifecycleRulesPanel() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const rules = trpc.lifecycleRules.list.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const tree = trpc.folders.tree.useQuery();
  const remove = trpc.lifecycleRules.delete.useMutation();
  const run = trpc.lifecycleRules.runNow.useMutation();
  const [editing, setEditing] = useState<TLifecycleRule | 'new' | null>(null);
  const [confirmation, confirm] = useConfirm();
  const folderName = (id: string) => tree.data?.folders.find((folder) => folder.id === id)?.name ?? '…';

  function askDelete(rule: TLifecycleRule) {
    confirm({
      title: t('lifecycleRules.delete'),
      message: t('lifecycleRules.confirmDelete', { name: rule.name }),
      onConfirm: () =>
        remove.mutateAsync({ id: rule.id }).then(
          () => (
            notifySuccess(t('lifecycleRules.deleted', { name: rule.name })),
            utils.lifecycleRules.list.invalidate()
          ),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  function runNow(rule: TLifecycleRule) {
    run.mutate(
      { id: rule.id },
      {
        onSuccess: () => notifySuccess(t('lifecycleRules.runQueued', { name: rule.name })),
        onError: (e) => notifyError(t, e),
      },
    );
  }

  return (
    <Stack gap="sm" mt="xl" data-testid="lifecycle-rules">
      <SectionHeader
        title={t('lifecycleRules.title')}
        intro={t('lifecycleRules.intro')}
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
            data-testid="add-lifecycle-rule"
          >
            {t('lifecycleRules.add')}
          </Button>
        }
      />
      {rules.error && <Alert color="red">{errorMessage(t, rules.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lifecycleRules.name')}</Table.Th>
            <Table.Th>{t('lifecycleRules.action')}</Table.Th>
            <Table.Th>{t('lifecycleRules.folder')}</Table.Th>
            <Table.Th>{t('lifecycleRules.lastRun')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.data?.map((rule) => (
            <Table.Tr key={rule.id} data-testid="lifecycle-rule-row">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {rule.name}
                  </Text>
                  {!rule.enabled && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('lifecycleRules.disabled')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`lifecycleRules.actions.${rule.action}`)}</Text>
                <Text size="xs" c="dimmed">
                  {t('lifecycleRules.ageSummary', { days: rule.ageDays })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{folderName(rule.folderId)}</Text>
                {rule.includeSubfolders && (
                  <Text size="xs" c="dimmed">
                    {t('lifecycleRules.includeSubfolders')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <LastRun rule={rule} />
              </Table.Td>
              <Table.Td>
                <RowEditDelete
                  onEdit={() => setEditing(rule)}
                  onDelete={() => askDelete(rule)}
                  testIdPrefix="lifecycle-rule"
                >
                  <IconAction
                    label={t('lifecycleRules.runNow')}
                    onClick={() => runNow(rule)}
                    loading={run.isPending && run.variables?.id === rule.id}
                    data-testid="lifecycle-rule-run"
                  >
                    <IconPlayerPlay size={16} />
                  </IconAction>
                </RowEditDelete>
              </Table.Td>
            </Table.Tr>
          ))}
          {(rules.isLoading || rules.data?.length === 0) && (
            <TableMessage colSpan={5} loading={rules.isLoading} text={t('lifecycleRules.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && <LifecycleRuleModal rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirmation}
    </Stack>
  );
}
