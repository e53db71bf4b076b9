import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLink } from '../../components/copyable-link';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';

/** The link of a new or listed upload request, ready to copy. */
export function UploadRequestLink({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <CopyableLink
      link={link}
      label={t('uploadRequests.link')}
      openLabel={t('uploadRequests.open')}
      testId="upload-request-link"
    />
  );
}

/**
 * "Request upload" on a folder: a public page where someone outside the organisation uploads into this folder.
 * Page title, message, optional password, expiry (the tenant's maximum when empty) and people to invite by e-mail.
 */
export function RequestUploadDialog({
  folder,
  opened,
  onClose,
}: {
  folder: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [pageTitle, setPageTitle] = useState(folder.name);
  const [message, setMessage] = useState('');
  const [password, setPassword] = useState('');
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [recipients, setRecipients] = useState('');
  const create = trpc.uploadRequests.create.useMutation({
    onSuccess: () => void utils.uploadRequests.listMine.invalidate(),
  });
  const error = appErrorOf(create.error);
  const fieldOf = (code: string | undefined) =>
    code === 'INVALID_EMAIL'
      ? 'recipients'
      : code?.startsWith('SHARE_PASSWORD') || code === 'PASSWORD_TOO_LONG'
        ? 'password'
        : code === 'SHARE_EXPIRY_TOO_LATE' || code === 'EXPIRY_IN_PAST'
          ? 'expiry'
          : null;
  const errorField = fieldOf(error?.code);
  const fieldError = (field: string) => (create.error && errorField === field ? errorMessage(t, create.error) : null);

  const close = () => {
    create.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('uploadRequests.dialogTitle', { folder: folder.name })} size="lg">
      {create.data ? (
        <Stack gap="sm" data-testid="upload-request-created">
          <Alert color="teal" icon={<IconCheck size={16} />}>
            {t('uploadRequests.created')}
          </Alert>
          <UploadRequestLink link={create.data.link} />
          {create.data.emailsSent > 0 && (
            <Text size="sm" c="dimmed">
              {t('uploadRequests.invitedCount', { count: create.data.emailsSent })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({
              folderId: folder.id,
              pageTitle,
              message: message.trim() || null,
              password: password || null,
              expiresAt: expiresOn ? dayjs(expiresOn).endOf('day').toISOString() : null,
              recipients: recipients.trim() || null,
            });
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('uploadRequests.intro')}
            </Text>
            <TextInput
              label={t('uploadRequests.pageTitle')}
              value={pageTitle}
              onChange={(e) => setPageTitle(e.currentTarget.value)}
              withAsterisk
              data-testid="upload-request-title"
            />
            <Textarea
              label={t('uploadRequests.message')}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              data-testid="upload-request-message"
            />
            <Group grow align="flex-start">
              <PasswordInput
                label={t('uploadRequests.password')}
                description={t('uploadRequests.passwordHint')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldError('password')}
                autoComplete="new-password"
                data-testid="upload-request-password"
              />
              <DateInput
                label={t('uploadRequests.expiry')}
                description={t('uploadRequests.expiryHint')}
                value={expiresOn}
                onChange={setExpiresOn}
                minDate={dayjs().add(1, 'day').format('YYYY-MM-DD')}
                valueFormat="YYYY-MM-DD"
                clearable
                error={fieldError('expiry')}
                data-testid="upload-request-expiry"
              />
            </Group>
            <TextInput
              label={t('uploadRequests.recipients')}
              description={t('uploadRequests.recipientsHint')}
              value={recipients}
              onChange={(e) => setRecipients(e.currentTarget.value)}
              error={fieldError('recipients')}
              data-testid="upload-request-recipients"
            />
            {create.error && !errorField && <Alert color="red">{errorMessage(t, create.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="upload-request-create">
                {t('uploadRequests.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
