import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCloudUpload, IconLock, IconMail } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { UploadRequestLink } from './request-upload.dialog';

const stateColour = { ok: 'teal', expired: 'gray', revoked: 'red' } as const;

function InviteRow({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [recipients, setRecipients] = useState('');
  const utils = trpc.useUtils();
  const invite = trpc.uploadRequests.invite.useMutation({
    onSuccess: (result) => {
      notifySuccess(t('uploadRequests.invitedCount', { count: result.sent.length }));
      void utils.uploadRequests.listMine.invalidate();
      void utils.uploadRequests.emails.invalidate({ id });
      onDone();
    },
  });
  return (
    <Group align="flex-start" gap="xs">
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        placeholder={t('uploadRequests.recipientsHint')}
        value={recipients}
        onChange={(e) => setRecipients(e.currentTarget.value)}
        error={invite.error ? errorMessage(t, invite.error) : null}
        data-testid="upload-request-invite-input"
      />
      <Button size="xs" loading={invite.isPending} onClick={() => invite.mutate({ id, recipients })}>
        {t('uploadRequests.send')}
      </Button>
    </Group>
  );
}

function EmailHistory({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const emails = trpc.uploadRequests.emails.useQuery({ id });
  if (!emails.data?.length) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600}>
        {t('uploadRequests.emailHistory')}
      </Text>
      {emails.data.map((e) => (
        <Text key={e.id} size="xs" c="dimmed">
          {e.recipient} · {format.dateTime(e.sentAt)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The signed-in user's upload requests: link to copy, folder, expiry, files received, invitations and revoke. Shown
 * on My shares (/share) beside the shares.
 */
export function UploadRequestsList() {
  const { t } = useTranslation();
  const format = useFormat();
  const utils = trpc.useUtils();
  const requests = trpc.uploadRequests.listMine.useQuery();
  const [confirmation, confirm] = useConfirm();
  const [open, setOpen] = useState<string | null>(null);
  const revoke = trpc.uploadRequests.revoke.useMutation({
    onSuccess: () => void utils.uploadRequests.listMine.invalidate(),
    onError: (error) => notifyError(t, error),
  });

  return (
    <Stack gap="sm" data-testid="upload-requests-list">
      <Group gap="xs">
        <IconCloudUpload size={20} />
        <Title order={3}>{t('uploadRequests.title')}</Title>
      </Group>
      {requests.error && <Text c="red">{errorMessage(t, requests.error)}</Text>}
      {!requests.error && (
        <DataTable>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('uploadRequests.pageTitle')}</Table.Th>
              <Table.Th>{t('uploadRequests.folder')}</Table.Th>
              <Table.Th>{t('uploadRequests.expiry')}</Table.Th>
              <Table.Th>{t('uploadRequests.files')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!requests.data?.length && (
              <TableMessage colSpan={5} loading={requests.isLoading} text={t('uploadRequests.none')} />
            )}
            {requests.data?.map((r) => (
              <Fragment key={r.id}>
                <Table.Tr data-testid="upload-request-row" data-title={r.pageTitle}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {r.hasPassword && <IconLock size={14} aria-label={t('uploadRequests.password')} />}
                      <Anchor size="sm" onClick={() => setOpen(open === r.id ? null : r.id)}>
                        {r.pageTitle}
                      </Anchor>
                      <Badge size="xs" variant="light" color={stateColour[r.state]}>
                        {t(`uploadRequests.state.${r.state}`)}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {r.folderId && r.folderName ? (
                      <Anchor component={Link} to={`/folders?folderId=${r.folderId}`} size="sm">
                        {r.folderName}
                      </Anchor>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.expiresAt ? format.dateTime(r.expiresAt) : '–'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="upload-request-files">
                      {r.filesReceived}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconMail size={14} />}
                        onClick={() => setOpen(open === r.id ? null : r.id)}
                      >
                        {t('uploadRequests.details')}
                      </Button>
                      {r.state === 'ok' && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          data-testid="upload-request-revoke"
                          onClick={() =>
                            confirm({
                              title: t('uploadRequests.revoke'),
                              message: t('uploadRequests.revokeConfirm', { title: r.pageTitle }),
                              confirmLabel: t('uploadRequests.revoke'),
                              onConfirm: () => revoke.mutateAsync({ id: r.id }).catch(() => undefined),
                            })
                          }
                        >
                          {t('uploadRequests.revoke')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open === r.id && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Stack gap="xs" py={4}>
                        <UploadRequestLink link={r.link} />
                        {r.message && (
                          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                            {r.message}
                          </Text>
                        )}
                        {r.state === 'ok' && <InviteRow id={r.id} onDone={() => undefined} />}
                        <EmailHistory id={r.id} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {confirmation}
    </Stack>
  );
}
