import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconBan, IconMail, IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useConfirm } from '../../components/confirm';
import { ShareLink } from '../../features/shares/share-dialog';
import { UploadRequestsList } from '../../features/upload-requests/upload-requests.list';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TShare = RouterOutputs['shares']['listMine'][number];

const stateColor: Record<TShare['state'], string> = {
  active: 'teal',
  expired: 'gray',
  exhausted: 'orange',
  revoked: 'red',
};

function EmailHistory({ share, onClose }: { share: TShare; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = trpc.shares.emailHistory.useQuery({ id: share.id });
  return (
    <Modal opened onClose={onClose} title={t('shares.emailHistoryTitle', { title: share.pageTitle })} size="lg">
      {history.error ? (
        <Alert color="red">{errorMessage(t, history.error)}</Alert>
      ) : (
        <DataTable data-testid="share-email-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shares.recipient')}</Table.Th>
              <Table.Th>{t('shares.message')}</Table.Th>
              <Table.Th>{t('shares.sentAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(history.data ?? []).length === 0 ? (
              <TableMessage colSpan={3} loading={history.isLoading} text={t('shares.noEmails')} />
            ) : (
              history.data!.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td>{mail.recipient}</Table.Td>
                  <Table.Td>{mail.message ?? ''}</Table.Td>
                  <Table.Td>{format.dateTime(mail.sentAt)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </DataTable>
      )}
    </Modal>
  );
}

/** Changes title, password, expiry, views and flags; the server checks the tenant's maximums again. */
function EditShare({ share, onClose }: { share: TShare; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const limits = trpc.shares.limits.useQuery();
  const [pageTitle, setPageTitle] = useState(share.pageTitle);
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [expiresOn, setExpiresOn] = useState<string | null>(
    share.expiresAt ? dayjs(share.expiresAt).format('YYYY-MM-DD') : null,
  );
  const [maxViews, setMaxViews] = useState<number | string>(share.maxViews ?? '');
  const [flags, setFlags] = useState({
    allowDownload: share.allowDownload,
    allowComments: share.allowComments,
    webProxy: share.webProxy,
    editProxy: share.editProxy,
    highRes: share.highRes,
  });
  const update = trpc.shares.update.useMutation({
    onSuccess: async () => {
      await utils.shares.listMine.invalidate();
      onClose();
    },
  });
  const flag = (key: keyof typeof flags) => (
    <Checkbox
      label={t(`shares.${key}`)}
      checked={flags[key]}
      onChange={(e) => setFlags({ ...flags, [key]: e.currentTarget.checked })}
    />
  );
  return (
    <Modal opened onClose={onClose} title={t('shares.editTitle')} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({
            id: share.id,
            pageTitle,
            ...(removePassword ? { password: null } : password ? { password } : {}),
            expiresAt: expiresOn ? dayjs(expiresOn).endOf('day').toISOString() : null,
            maxViews: typeof maxViews === 'number' ? maxViews : null,
            ...flags,
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('shares.pageTitle')}
            value={pageTitle}
            onChange={(e) => setPageTitle(e.currentTarget.value)}
            withAsterisk
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="password"
              label={share.hasPassword ? t('shares.newPassword') : t('shares.password')}
              value={password}
              disabled={removePassword}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="new-password"
            />
            <DateInput
              label={t('shares.expiry')}
              value={expiresOn}
              onChange={setExpiresOn}
              minDate={dayjs().add(1, 'day').format('YYYY-MM-DD')}
              maxDate={limits.data ? dayjs().add(limits.data.maxValidDays, 'day').format('YYYY-MM-DD') : undefined}
              valueFormat="YYYY-MM-DD"
              clearable
            />
            <NumberInput
              label={t('shares.maxViews')}
              value={maxViews}
              onChange={setMaxViews}
              min={1}
              max={limits.data?.maxViews}
              allowDecimal={false}
            />
          </SimpleGrid>
          {share.hasPassword && (
            <Checkbox
              label={t('shares.removePassword')}
              checked={removePassword}
              onChange={(e) => setRemovePassword(e.currentTarget.checked)}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {flag('webProxy')}
            {flag('allowComments')}
            {flag('allowDownload')}
            {flag('editProxy')}
            {flag('highRes')}
          </SimpleGrid>
          {update.error && <Alert color="red">{errorMessage(t, update.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** My shares (/share): every share I made, how it has been used, and edit, revoke and e-mail history. */
export default function MySharesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const utils = trpc.useUtils();
  const shares = trpc.shares.listMine.useQuery();
  const [confirmation, confirm] = useConfirm();
  const [editing, setEditing] = useState<TShare | null>(null);
  const [history, setHistory] = useState<TShare | null>(null);
  const revoke = trpc.shares.revoke.useMutation({
    onSuccess: () => void utils.shares.listMine.invalidate(),
    onError: (error) => notifyError(t, error),
  });
  const rows = shares.data ?? [];
  return (
    <Stack gap={0}>
      {confirmation}
      {editing && <EditShare share={editing} onClose={() => setEditing(null)} />}
      {history && <EmailHistory share={history} onClose={() => setHistory(null)} />}
      <PageHeader title={t('shares.title')} description={t('shares.description')} />
      {shares.error ? (
        <Alert color="red">{errorMessage(t, shares.error)}</Alert>
      ) : (
        <DataTable data-testid="shares-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shares.pageTitle')}</Table.Th>
              <Table.Th>{t('shares.items')}</Table.Th>
              <Table.Th>{t('shares.createdAt')}</Table.Th>
              <Table.Th>{t('shares.expiry')}</Table.Th>
              <Table.Th>{t('shares.views')}</Table.Th>
              <Table.Th>{t('shares.downloads')}</Table.Th>
              <Table.Th>{t('shares.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <TableMessage colSpan={8} loading={shares.isLoading} text={t('shares.none')} />
            ) : (
              rows.map((share) => (
                <Table.Tr key={share.id} data-testid="share-row" data-share-id={share.id}>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm" fw={600}>
                        {share.pageTitle}
                      </Text>
                      {share.state === 'active' && <ShareLink link={share.link} />}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{share.folderId ? t('shares.folder') : share.itemCount}</Table.Td>
                  <Table.Td>{format.date(share.createdAt)}</Table.Td>
                  <Table.Td>{format.date(share.expiresAt)}</Table.Td>
                  <Table.Td data-testid="share-views">
                    {t('shares.viewsUsed', { used: share.viewsUsed, remaining: share.remainingViews ?? '∞' })}
                  </Table.Td>
                  <Table.Td>{share.downloads}</Table.Td>
                  <Table.Td>
                    <Badge color={stateColor[share.state]} variant="light" data-testid="share-state">
                      {t(`shares.states.${share.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t('shares.emailHistory')}>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setHistory(share)}
                          aria-label={t('shares.emailHistory')}
                        >
                          <IconMail size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {share.state !== 'revoked' && (
                        <Tooltip label={t('shares.edit')}>
                          <ActionIcon variant="subtle" onClick={() => setEditing(share)} aria-label={t('shares.edit')}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {share.state !== 'revoked' && (
                        <Tooltip label={t('shares.revoke')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('shares.revoke')}
                            data-testid="share-revoke"
                            onClick={() =>
                              confirm({
                                title: t('shares.revokeTitle'),
                                message: t('shares.revokeMessage', { title: share.pageTitle }),
                                confirmLabel: t('shares.revoke'),
                                onConfirm: () => revoke.mutateAsync({ id: share.id }).catch(() => undefined),
                              })
                            }
                          >
                            <IconBan size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </DataTable>
      )}
      <Box mt="xl">
        <UploadRequestsList />
      </Box>
    </Stack>
  );
}
