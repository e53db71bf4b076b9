import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconAlertTriangle,
  IconCalendar,
  IconCheck,
  IconCopy,
  IconKey,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TApiKey = RouterOutputs['apiKeys']['list'][number];

const stateColor = { active: 'teal', inactive: 'gray', expired: 'red', unused: 'orange' } as const;

/** Today as the server sees it (UTC): an expiry must be a later day (core's EXPIRY_IN_PAST rule). */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function tomorrowUtc(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

export function ApiKeysTab() {
  const { t } = useTranslation();
  const can = useCan();
  const format = useFormat();
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery(undefined, { enabled: can('apiKeys') });
  const invalidate = () => utils.apiKeys.list.invalidate();
  const setActive = trpc.apiKeys.setActive.useMutation({ onSettled: invalidate });
  const remove = trpc.apiKeys.delete.useMutation({ onSettled: invalidate });
  const [creating, setCreating] = useState(false);
  const [confirmation, confirm] = useConfirm();

  if (!can('apiKeys')) return <Alert color="gray">{t('errors.FORBIDDEN')}</Alert>;

  function askDelete(key: TApiKey) {
    confirm({
      title: t('apiKeys.deleteTitle'),
      message: t('apiKeys.confirmDelete', { label: key.label }),
      onConfirm: () =>
        remove.mutateAsync({ id: key.id }).then(
          () => notifySuccess(t('apiKeys.deleted')),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed" size="sm">
          {t('apiKeys.intro')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          style={{ flexShrink: 0 }}
          data-testid="create-api-key"
        >
          {t('apiKeys.create')}
        </Button>
      </Group>
      {keys.error && <Alert color="red">{errorMessage(t, keys.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiKeys.label')}</Table.Th>
            <Table.Th>{t('apiKeys.identifier')}</Table.Th>
            <Table.Th>{t('apiKeys.status')}</Table.Th>
            <Table.Th>{t('apiKeys.expiry')}</Table.Th>
            <Table.Th>{t('apiKeys.maxUnusedDays')}</Table.Th>
            <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{t('apiKeys.created')}</Table.Th>
            <Table.Th>{t('apiKeys.active')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.data?.map((key) => (
            <Table.Tr key={key.id} data-testid={`api-key-row-${key.label}`}>
              <Table.Td fw={500}>{key.label}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={stateColor[key.state]} variant="light" data-testid="api-key-state">
                  {t(`apiKeys.state.${key.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{key.expiresAt ? format.day(key.expiresAt) : t('apiKeys.indefinite')}</Table.Td>
              <Table.Td>{key.maxUnusedDays ?? '—'}</Table.Td>
              <Table.Td>{format.dateTime(key.lastUsedAt)}</Table.Td>
              <Table.Td>{format.date(key.createdAt)}</Table.Td>
              <Table.Td>
                <Switch
                  size="xs"
                  checked={key.active}
                  aria-label={t('apiKeys.active')}
                  data-testid="api-key-active"
                  onChange={(e) =>
                    setActive.mutate(
                      { id: key.id, active: e.currentTarget.checked },
                      { onError: (err) => notifyError(t, err) },
                    )
                  }
                />
              </Table.Td>
              <Table.Td>
                <IconAction label={t('common.delete')} color="red" onClick={() => askDelete(key)}>
                  <IconTrash size={16} />
                </IconAction>
              </Table.Td>
            </Table.Tr>
          ))}
          {(keys.isLoading || keys.data?.length === 0) && (
            <TableMessage colSpan={9} loading={keys.isLoading} text={t('apiKeys.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      <Text size="xs" c="dimmed">
        {t('apiKeys.usage')} <Code>Authorization: Bearer &lt;key&gt;</Code> · <Code>GET /api/v1/me</Code> ·{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('apiKeys.reference')}
        </a>
      </Text>
      {creating && <CreateApiKeyModal onClose={() => setCreating(false)} />}
      {confirmation}
    </Stack>
  );
}

function CreateApiKeyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState<'indefinite' | 'date'>('indefinite');
  const [date, setDate] = useState<string | null>(null);
  const [maxUnusedDays, setMaxUnusedDays] = useState<number | string>('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  // Checked here as well as on the server, so the user learns before sending (the message is the server's one).
  const dateError =
    expiry !== 'date'
      ? null
      : !date
        ? submitted
          ? t('apiKeys.pickDate')
          : null
        : date <= todayUtc()
          ? t('errors.EXPIRY_IN_PAST')
          : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (!label.trim() || (expiry === 'date' && (!date || date <= todayUtc()))) return;
    try {
      const result = await create.mutateAsync({
        label: label.trim(),
        expiresAt: expiry === 'date' ? date : null,
        maxUnusedDays: typeof maxUnusedDays === 'number' ? maxUnusedDays : null,
      });
      setSecret(result.secret);
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={secret ? t('apiKeys.createdTitle') : t('apiKeys.create')}
      size="lg"
      closeOnClickOutside={!secret}
    >
      {secret ? (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            {t('apiKeys.shownOnce')}
          </Alert>
          <Group wrap="nowrap" align="center" gap="xs">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="api-key-secret">
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    size="lg"
                    onClick={copy}
                    aria-label={t('common.copy')}
                    data-testid="api-key-copy"
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="api-key-done">
              {t('common.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            {error && (
              <Alert color="red" data-testid="api-key-error">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('apiKeys.label')}
              description={t('apiKeys.labelHint')}
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
              error={submitted && !label.trim() ? t('errors.VALUE_REQUIRED') : null}
              leftSection={<IconKey size={16} />}
              maxLength={100}
              required
              data-autofocus
              data-testid="api-key-label"
            />
            <Radio.Group
              label={t('apiKeys.expiry')}
              value={expiry}
              onChange={(v) => setExpiry(v === 'date' ? 'date' : 'indefinite')}
            >
              <Group mt={6}>
                <Radio value="indefinite" label={t('apiKeys.indefinite')} data-testid="api-key-indefinite" />
                <Radio value="date" label={t('apiKeys.onDate')} data-testid="api-key-on-date" />
              </Group>
            </Radio.Group>
            {expiry === 'date' && (
              <DatePickerInput
                label={t('apiKeys.expiryDate')}
                placeholder={t('apiKeys.pickDate')}
                leftSection={<IconCalendar size={16} />}
                value={date}
                onChange={setDate}
                minDate={tomorrowUtc()}
                valueFormat="YYYY-MM-DD"
                error={dateError}
                clearable
                data-testid="api-key-expiry-date"
              />
            )}
            <NumberInput
              label={t('apiKeys.maxUnusedDays')}
              description={t('apiKeys.maxUnusedDaysHint')}
              min={1}
              max={3650}
              allowDecimal={false}
              allowNegative={false}
              value={maxUnusedDays}
              onChange={setMaxUnusedDays}
              placeholder={t('apiKeys.noLimit')}
              data-testid="api-key-max-unused"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!!dateError} data-testid="api-key-submit">
                {t('apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
