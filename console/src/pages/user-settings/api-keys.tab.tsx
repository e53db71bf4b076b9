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
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const stateColor = { active: 'teal', inactive: 'gray', expired: 'red', unused: 'orange' } as const;

function tomorrowUtc(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

export function ApiKeysTab() {
  const { t } = useTranslation();
  const can = useCan();
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery(undefined, { enabled: can('apiKeys') });
  const setActive = trpc.apiKeys.setActive.useMutation({ onSettled: () => utils.apiKeys.list.invalidate() });
  const remove = trpc.apiKeys.delete.useMutation({ onSettled: () => utils.apiKeys.list.invalidate() });
  const [creating, setCreating] = useState(false);

  if (!can('apiKeys')) return <Alert color="gray">{t('errors.FORBIDDEN')}</Alert>;

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('apiKeys.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-api-key">
          {t('apiKeys.create')}
        </Button>
      </Group>
      {keys.error && <Alert color="red">{errorMessage(t, keys.error)}</Alert>}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiKeys.label')}</Table.Th>
            <Table.Th>{t('apiKeys.identifier')}</Table.Th>
            <Table.Th>{t('apiKeys.status')}</Table.Th>
            <Table.Th>{t('apiKeys.expiry')}</Table.Th>
            <Table.Th>{t('apiKeys.maxUnusedDays')}</Table.Th>
            <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{t('apiKeys.active')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.data?.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.label}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={stateColor[key.state]} variant="light">
                  {t(`apiKeys.state.${key.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{key.expiresAt ? formatDate(key.expiresAt) : t('apiKeys.indefinite')}</Table.Td>
              <Table.Td>{key.maxUnusedDays ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(key.lastUsedAt)}</Table.Td>
              <Table.Td>
                <Switch
                  checked={key.active}
                  aria-label={t('apiKeys.active')}
                  onChange={(e) =>
                    setActive.mutate(
                      { id: key.id, active: e.currentTarget.checked },
                      { onError: (err) => notifyError(t, err) },
                    )
                  }
                />
              </Table.Td>
              <Table.Td>
                <Tooltip label={t('common.delete')}>
                  <ActionIcon
                    color="red"
                    variant="subtle"
                    aria-label={t('common.delete')}
                    onClick={() => {
                      if (window.confirm(t('apiKeys.confirmDelete', { label: key.label }))) {
                        remove.mutate({ id: key.id }, { onError: (err) => notifyError(t, err) });
                      }
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
          {keys.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {t('apiKeys.none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState<'indefinite' | 'date'>('indefinite');
  const [date, setDate] = useState(tomorrowUtc());
  const [maxUnusedDays, setMaxUnusedDays] = useState<number | string>('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dateError = expiry === 'date' && (!date || date < tomorrowUtc()) ? t('errors.EXPIRY_IN_PAST') : null;

  function close() {
    setLabel('');
    setExpiry('indefinite');
    setMaxUnusedDays('');
    setSecret(null);
    setError(null);
    onClose();
  }

  async function submit() {
    setError(null);
    try {
      const result = await create.mutateAsync({
        label,
        expiresAt: expiry === 'date' ? date : null,
        maxUnusedDays: typeof maxUnusedDays === 'number' ? maxUnusedDays : null,
      });
      setSecret(result.secret);
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t('apiKeys.create')} size="lg">
      {secret ? (
        <Stack>
          <Alert color="orange">{t('apiKeys.shownOnce')}</Alert>
          <Group wrap="nowrap" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="api-key-secret">
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <ActionIcon variant="light" onClick={copy} aria-label={t('common.copy')}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
          <Button onClick={close} w="fit-content">
            {t('common.done')}
          </Button>
        </Stack>
      ) : (
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label={t('apiKeys.label')}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            required
            data-testid="api-key-label"
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('apiKeys.expiry')}
            </Text>
            <SegmentedControl
              value={expiry}
              onChange={(v) => setExpiry(v as 'indefinite' | 'date')}
              data={[
                { value: 'indefinite', label: t('apiKeys.indefinite') },
                { value: 'date', label: t('apiKeys.onDate') },
              ]}
            />
          </div>
          {expiry === 'date' && (
            <TextInput
              type="date"
              label={t('apiKeys.expiryDate')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={dateError}
            />
          )}
          <NumberInput
            label={t('apiKeys.maxUnusedDays')}
            description={t('apiKeys.maxUnusedDaysHint')}
            min={1}
            max={3650}
            value={maxUnusedDays}
            onChange={setMaxUnusedDays}
          />
          <Button
            onClick={() => void submit()}
            loading={create.isPending}
            disabled={!label.trim() || !!dateError}
            w="fit-content"
            data-testid="api-key-submit"
          >
            {t('apiKeys.create')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
